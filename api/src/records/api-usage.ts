/** An org's daily API allocation as one answer reports it. */
export interface ApiUsage {
  used: number;
  allowed: number;
}

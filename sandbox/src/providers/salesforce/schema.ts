/** Field metadata as describe returns it (the subset the sandbox keeps). */
export interface FieldMeta {
  name: string;
  label: string;
  type: string;
  length?: number;
  nillable?: boolean;
  createable?: boolean;
  updateable?: boolean;
  custom?: boolean;
  referenceTo?: string[];
  relationshipName?: string;
  picklistValues?: string[];
  defaultValue?: string;
  precision?: number;
  scale?: number;
  /** An external id: upserts find records by it (PATCH /sobjects/{object}/{field}/{value}). */
  externalId?: boolean;
  /** Salesforce refuses a second record holding the same value (DUPLICATE_VALUE). */
  unique?: boolean;
}

export interface ObjectMeta {
  label: string;
  labelPlural: string;
  keyPrefix: string;
  createable: boolean;
  updateable: boolean;
  fields: FieldMeta[];
}

/** Types of Metadata API custom fields → field types describe reports. */
export const customFieldTypes: Record<string, string> = {
  Text: 'string',
  TextArea: 'textarea',
  LongTextArea: 'textarea',
  Html: 'textarea',
  Number: 'double',
  Percent: 'percent',
  Currency: 'currency',
  Checkbox: 'boolean',
  Date: 'date',
  DateTime: 'datetime',
  Email: 'email',
  Phone: 'phone',
  Url: 'url',
  Picklist: 'picklist',
};

export function findField(meta: ObjectMeta, name: string): FieldMeta | undefined {
  const lower = name.toLowerCase();
  return meta.fields.find((field) => field.name.toLowerCase() === lower);
}

/** A field in the full shape describe returns. */
export function describeField(field: FieldMeta) {
  const system = ['Id', 'CreatedDate', 'LastModifiedDate', 'SystemModstamp'].includes(field.name);
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    length: field.length ?? 0,
    precision: field.precision ?? 0,
    scale: field.scale ?? 0,
    custom: field.custom ?? false,
    createable: field.createable ?? true,
    updateable: field.updateable ?? field.createable ?? true,
    nillable: field.nillable ?? !system,
    defaultedOnCreate: system || field.defaultValue !== undefined,
    defaultValue: field.defaultValue ?? null,
    unique: field.unique ?? false,
    externalId: field.externalId ?? false,
    filterable: true,
    sortable: !['textarea'].includes(field.type),
    calculated: field.name === 'Name' && field.createable === false,
    referenceTo: field.referenceTo ?? [],
    relationshipName: field.relationshipName ?? null,
    picklistValues: (field.picklistValues ?? []).map((value) => ({
      active: true,
      defaultValue: value === field.defaultValue,
      label: value,
      validFor: null,
      value,
    })),
    soapType:
      field.type === 'boolean'
        ? 'xsd:boolean'
        : field.type === 'double'
          ? 'xsd:double'
          : field.type === 'datetime'
            ? 'xsd:dateTime'
            : field.type === 'date'
              ? 'xsd:date'
              : field.type === 'id' || field.type === 'reference'
                ? 'tns:ID'
                : 'xsd:string',
  };
}

/** The password of every demo account of the embedded identity provider (shown on its login page). */
export const DEMO_PASSWORD = 'crm-sync-demo';
export const seedOrganizations = [
    { name: 'Acme Outbound', domain: 'acme-outbound.com', isPaidTier: true },
    { name: 'Solo Prospecting', domain: 'solo-prospecting.com', isPaidTier: false },
];
export const seedUsers = [
    {
        email: 'admin@example.com',
        subject: 'crm-sync|admin',
        name: 'Ada Admin',
        nickname: 'admin',
        role: 'ADMIN',
        organizationDomain: 'acme-outbound.com',
        canWebhook: true,
        canUserAccount: true,
        canBlockList: true,
    },
    {
        email: 'manager@example.com',
        subject: 'crm-sync|manager',
        name: 'Max Manager',
        nickname: 'manager',
        role: 'MANAGER',
        organizationDomain: 'acme-outbound.com',
        canWebhook: true,
        canUserAccount: false,
        canBlockList: true,
    },
    {
        email: 'user@example.com',
        subject: 'crm-sync|user',
        name: 'Uma User',
        nickname: 'user',
        role: null,
        organizationDomain: 'solo-prospecting.com',
        canWebhook: true,
        canUserAccount: false,
        canBlockList: false,
    },
];
const avatarColors = { a: '#2563eb', m: '#7c3aed', u: '#0d9488' };
/** A small self-contained avatar (an initial on a coloured disc), so pictures work offline. */
export function avatarFor(nickname) {
    const initial = (nickname[0] ?? '?').toUpperCase();
    const color = avatarColors[initial.toLowerCase()] ?? '#475569';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
        `<circle cx="32" cy="32" r="32" fill="${color}"/>` +
        `<text x="32" y="42" font-family="Arial,sans-serif" font-size="28" font-weight="bold" fill="#fff" text-anchor="middle">${initial.replace(/[^A-Z0-9?]/g, '?')}</text>` +
        `</svg>`;
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
//# sourceMappingURL=seed-data.js.map
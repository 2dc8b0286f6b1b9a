/**
 * Mailbox providers whose domain says nothing about the lead's company: the writers never make a
 * company (nor a website) from them. Lower case; subdomains count (mail.yahoo.com).
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'ymail.com',
  'rocketmail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'mail.ru',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'qq.com',
  '163.com',
  '126.com',
  'fastmail.com',
  'tutanota.com',
  'hey.com',
  'comcast.net',
  'verizon.net',
  'att.net',
]);

/** True for a free-mail domain (or a subdomain of one); a blank domain counts as free mail (nothing to make a company of). */
export function isFreeMailDomain(domain: string | null | undefined): boolean {
  const host = (domain ?? '')
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  if (host === '') return true;
  const parts = host.split('.');
  for (let index = 0; index < parts.length - 1; index += 1)
    if (FREE_MAIL_DOMAINS.has(parts.slice(index).join('.'))) return true;
  return false;
}

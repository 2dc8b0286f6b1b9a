import type { Page } from 'playwright-core';

/** The api as the signed-in page calls it: its session cookie, and the dashboard's Origin on unsafe methods. */
export function sessionApi(page: Page, baseUrl: string) {
  const request = page.context().request;
  const origin = { origin: baseUrl };
  const checked = async (response: Awaited<ReturnType<typeof request.get>>, what: string) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return response;
  };
  return {
    get: async <T>(path: string): Promise<T> =>
      (await (await checked(await request.get(`${baseUrl}${path}`), `GET ${path}`)).json()) as T,
    postText: async (path: string): Promise<string> =>
      (
        await checked(await request.post(`${baseUrl}${path}`, { headers: origin }), `POST ${path}`)
      ).text(),
    postJson: async <T>(path: string, body: unknown): Promise<T> =>
      (await (
        await checked(
          await request.post(`${baseUrl}${path}`, { headers: origin, data: body }),
          `POST ${path}`,
        )
      ).json()) as T,
  };
}

/** Connects the sandbox's HubSpot portal as the signed-in user, through its consent page (screens and webhooks hang off a profile). */
export async function connectSandboxHubspot(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/dashboard/hubspot`);
  await page.getByRole('button', { name: 'Sign in with HubSpot' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard/hubspot`);
  await page
    .getByRole('table', { name: 'Connected profiles' })
    .getByRole('row')
    .filter({ hasText: 'sandbox.admin@crm-sync-sandbox.com' })
    .waitFor();
}

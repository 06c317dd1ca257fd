/**
 * A JSON file of the web app's own build (not the API, which `api-client.ts` alone calls), or
 * null when it cannot be read: what asks for it carries on without it.
 */
export async function fetchBuiltJson(url: string): Promise<unknown> {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

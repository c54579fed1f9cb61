/** Asks `probe` every 100 ms until it gives a value (not false, null or undefined); fails after `tries` asks. */
export async function waitUntil<T>(probe: () => Promise<T | false | null | undefined>, what = 'condition', tries = 150): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

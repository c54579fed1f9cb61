/**
 * Set-up of every API test file. Date-bound files (reports, energy, health, version history …)
 * write rows "today" before they run and compute "today" again when they assert; a file that
 * straddles midnight UTC sees two different days (CI once started the API gate at 23:57). A file
 * therefore starts clear of midnight: within three minutes of it, this waits until it has passed.
 */
const DAY_MS = 86_400_000;
const MARGIN_MS = 3 * 60_000;

const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
if (untilMidnight < MARGIN_MS) {
  console.log(`[clear-of-midnight] ${Math.ceil(untilMidnight / 1000)} s to midnight UTC: waiting for the new day before date-bound tests`);
  await new Promise((resolve) => setTimeout(resolve, untilMidnight + 2_000));
}
export {};

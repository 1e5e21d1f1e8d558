// What the hostile bench's cases share: names of a given width, and a median timing.

/** The `i`th name of `width` lowercase letters. */
export const letters = (i, width) => {
  let out = "";
  for (let k = 0; k < width; k++, i = Math.floor(i / 26)) out += String.fromCharCode(97 + (i % 26));
  return out;
};

/** Median of `runs` timings of `make()` then `await run(made)`, the making untimed. */
export async function median(runs, make, run) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const made = await make();
    const start = performance.now();
    await run(made);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[runs >> 1];
}

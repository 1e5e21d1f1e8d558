// "Did you mean": the known name an unknown one most likely means. The
// proxy's one copy (the library's config, in Rust, has its own).

/**
 * The hint for an unknown `name`: the known one nearest it (by edit
 * distance, letter case aside), or the list of the known ones when none is
 * near.
 * @param {string} name
 * @param {string[]} known
 * @returns {string}
 */
export function didYouMean(name, known) {
  const near = known
    .map((k) => /** @type {[string, number]} */ ([k, editDistance(name.toLowerCase(), k.toLowerCase())]))
    .filter(([k, d]) => d <= Math.max(2, Math.floor(k.length / 3)))
    .sort((a, b) => a[1] - b[1])[0];
  return near ? `did you mean "${near[0]}"?` : `the keys are ${known.join(", ")}`;
}

/**
 * Levenshtein distance.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

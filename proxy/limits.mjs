// Bounds and the option reader that the host and the proxy share.

/** The longest delay a timer takes (Node reads a longer one as 1 ms). */
export const LONGEST_DELAY_MS = 2 ** 31 - 1;

/** The largest message read from a server or a client (the SDK's own default is 10 MiB). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/**
 * A positive option (a count or milliseconds), whole, or `fallback`; at most `max`.
 * @param {unknown} value as configured: anything but a finite number reads as `fallback`
 * @param {number} fallback
 * @param {number} [max]
 * @returns {number}
 */
export const positive = (value, fallback, max = Number.MAX_SAFE_INTEGER) =>
  typeof value === "number" && Number.isFinite(value) && value >= 1 ? Math.min(Math.floor(value), max) : fallback;

// What of a server's configuration may be quoted: reasons reach the model
// (in `available_sources`) and the logs.

/**
 * `text` with the credentials of the URLs in it left out: their user and
 * password, and the values of their query (`?token=...`).
 * @param {string} text
 * @returns {string}
 */
export function redacted(text) {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, "$1***@")
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*[?&][^\s#]*)/gi, (url) => url.replace(/([?&][^=&\s#]*=)[^&\s#]*/g, "$1***"));
}

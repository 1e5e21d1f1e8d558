// JSON with comments and trailing commas, as VS Code writes its JSON files
// (servers.json may be such a file).

/**
 * JSON with comments (`//`, `/* *\/`), trailing commas and a leading
 * byte-order mark, as VS Code writes it. Strings are kept as written, so a
 * URL's `//` inside one is no comment. JSON.parse makes every key an own
 * property, `"__proto__"` too: no key sets an object's prototype. Throws a
 * SyntaxError.
 * @param {string} text
 * @returns {unknown}
 */
export function parseJsonc(text) {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const withoutComments = outsideStrings(source, (at) => {
    if (source.startsWith("//", at)) {
      const end = source.indexOf("\n", at);
      return ["", end < 0 ? source.length : end];
    }
    if (source.startsWith("/*", at)) {
      const end = source.indexOf("*/", at + 2);
      if (end < 0) throw new SyntaxError(`a comment is not closed (${position(source, at)})`);
      // Its newlines stay, so that JSON.parse's positions stay right.
      return [source.slice(at, end + 2).replace(/[^\n]/g, " "), end + 2];
    }
    return [source[at], at + 1];
  });
  const visible = /\S/g;
  const withoutTrailingCommas = outsideStrings(withoutComments, (at) => {
    if (withoutComments[at] !== ",") return [withoutComments[at], at + 1];
    visible.lastIndex = at + 1;
    const next = visible.exec(withoutComments)?.[0];
    return [next === "}" || next === "]" ? " " : ",", at + 1];
  });
  return JSON.parse(withoutTrailingCommas);
}

/**
 * `text` rewritten outside its strings: `edit(at)` gives what the text at
 * `at` becomes and where to go on; strings are copied as written.
 * @param {string} text
 * @param {(at: number) => [string, number]} edit
 * @returns {string}
 */
function outsideStrings(text, edit) {
  let out = "";
  let at = 0;
  while (at < text.length) {
    if (text[at] === '"') {
      let end = at + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      out += text.slice(at, end + 1);
      at = end + 1;
    } else {
      const [piece, next] = edit(at);
      out += piece;
      at = next;
    }
  }
  return out;
}

/**
 * "line L, column C" of offset `at`.
 * @param {string} text
 * @param {number} at
 */
function position(text, at) {
  const before = text.slice(0, at).split("\n");
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

"use strict";
const raw = require("./toolsearch.js");

// @facade

const api = createToolSearch(raw);
/** Node loads the wasm synchronously; init() exists for code shared with browsers. */
api.default = async function init() {};
module.exports = api;

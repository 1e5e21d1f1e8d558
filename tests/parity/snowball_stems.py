"""Prints the Snowball English stem of each word read from stdin, one per line.

Used by tests/node/stem-parity.test.mjs with snowballstemmer==3.1.1, the
version the reference implementation pins.
"""
import sys

import snowballstemmer

stemmer = snowballstemmer.stemmer("english")
for line in sys.stdin:
    print(stemmer.stemWord(line.strip()))

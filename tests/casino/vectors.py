"""Known-answer vectors shared by the casino tests.

Computed outside Python with the OpenSSL command line and bc, from the secret
00 01 02 … 1f as ``L[3]`` of a three-round chain:

    openssl dgst -sha256 -binary                       (the links)
    openssl dgst -sha256 -mac HMAC -macopt key:crash:test        (crash: h of each link)
    printf 'keno:test:1:0' | openssl dgst -sha256 -mac HMAC -macopt hexkey:<L[1]>
    echo "99*2^52 / (2^52 - r)" | bc                   (crash point from r)
"""

SECRET = bytes(range(32))
CHAIN_HEX = [
    "4e05063392f42b5180353ef82da86c714042155044d91ab3253f1bab08120a0a",  # L[0]
    "2f287b4d3d4910f6cada9e1bd1b4648099e8c52c81aa4a6aebfa6fc86f19834e",  # L[1]
    "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",  # L[2]
    SECRET.hex(),  # L[3]
]
CHAIN = [bytes.fromhex(link) for link in CHAIN_HEX]

CRASH_SALT = "crash:test"
# round: (first 13 hex digits of h, r, crash point in hundredths)
CRASH_VECTORS = {
    1: ("03fa397b3e188", 69971857367432, 100),
    2: ("c02c0a7a44f40", 3380726190067520, 397),
    3: ("956804845add0", 2628383758724560, 237),
}

KENO_SALT = "keno:test"
# The draw of round 1 (seed L[1], nonce 1). The first eight balls were worked out by hand
# from the first HMAC block 2ac44fef b35edcce 8b9ee5f0 c6dc4bae b60224f6 214be64e …
# (indices 31, 27, 28, 69, 30, 11, 53, 33 into the shrinking pool).
KENO_ROUND_1_FIRST_EIGHT = [32, 28, 30, 73, 34, 12, 59, 39]
KENO_ROUND_1 = [32, 28, 30, 73, 34, 12, 59, 39, 76, 67, 16, 1, 11, 37, 46, 23, 69, 79, 53, 40]

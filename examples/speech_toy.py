"""Shared by the speech recognisers' make.py (error_rate_above_100,
wer_pinned_at_100): the word error count a recogniser is scored by."""


def edit_distance(a, b):
    """Substitutions, insertions and deletions that turn sequence a into b."""
    d = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, d[0] = d[0], i
        for j, y in enumerate(b, 1):
            prev, d[j] = d[j], min(d[j] + 1, d[j - 1] + 1, prev + (x != y))
    return d[len(b)]

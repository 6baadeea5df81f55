"""Name folding and alternate-name selection."""
import re
import unicodedata

_EXTRA = str.maketrans({"ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "æ": "ae", "Æ": "ae",
                        "œ": "oe", "Œ": "oe", "ß": "ss", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ı": "i",
                        "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t", "ŀ": "l", "Ŀ": "l",
                        "‘": "'", "’": "'", "ʻ": "'", "ʼ": "'", "`": "'"})


def fold(s):
    """Search form: NFKD, combining marks removed, lowercase, whitespace collapsed."""
    s = unicodedata.normalize("NFKD", s or "").translate(_EXTRA)
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    s = s.lower()
    return " ".join(s.split())


def is_latin(s):
    for ch in s:
        if ch.isalpha():
            try:
                if not unicodedata.name(ch).startswith("LATIN"):
                    return False
            except ValueError:
                return False
    return True


_URLISH = re.compile(r"(https?:|www\.|\.(com|org|net|html?)\b|/)", re.I)
_CODE = re.compile(r"^[A-Z0-9]{2,5}$")


def useful_alt(a):
    a = a.strip()
    if not a or len(a) > 60:
        return False
    if _URLISH.search(a):
        return False
    if any(ch.isdigit() for ch in a):
        return False               # pure digits, postcodes, codes like 'A1'
    if _CODE.match(a):
        return False               # IATA/ICAO/abbreviation codes such as 'UKY', 'NYC'
    if not any(ch.isalpha() for ch in a):
        return False
    return True


def select_alt_names(name, alts, limit=6, non_latin_max=2):
    """Bounded, deduplicated alternate names: drop those equal to the name after folding, URLs,
    codes and digits; prefer Latin script, then short ones; keep at most `non_latin_max` names in
    other scripts. Display forms are kept (the folded form only decides duplicates)."""
    seen = {fold(name)}
    latin, other = [], []
    name_has_upper = any(ch.isupper() for ch in name or "")
    for a in sorted(set(alts or []), key=lambda x: (len(x), x)):
        if not useful_alt(a):
            continue
        if name_has_upper and a.islower():
            continue               # lowercase romanisations of other scripts ('kywtw', 'brlyn')
        f = fold(a)
        if not f or f in seen:
            continue
        seen.add(f)
        (latin if is_latin(a) else other).append(a)
    n_other = min(non_latin_max, len(other))
    out = latin[: limit - n_other]
    out += other[: limit - len(out)]
    return out[:limit]

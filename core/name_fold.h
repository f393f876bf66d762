// Names compared as people type them: case, accents and the hyphen/space difference ignored,
// so "sao paulo", "São Paulo" and "SAO-PAULO" are one name. Host only.
#pragma once

#include <string>
#include <string_view>

namespace geofield {

// The key a name is compared by: ASCII letters lowercased; the Latin letters with diacritics of
// Latin-1 and Latin Extended-A (and Romanian's ș ț, Vietnamese's ơ ư) as their base letters
// (æ: ae, ß: ss, ł: l); combining diacritical marks (U+0300..U+036F) dropped; hyphens and runs of
// white space as one space; leading and trailing space removed. Other characters (Cyrillic,
// CJK) are kept as they are. Bytes that are not UTF-8 are kept too (the caller checks).
std::string fold_name(std::string_view utf8);

}  // namespace geofield

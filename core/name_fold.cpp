#include "name_fold.h"

#include "utf8.h"

namespace geofield {
namespace {

// Code points [first, last] and the ASCII letters each folds to.
struct Fold {
  char32_t first, last;
  const char* base;
};

// Latin-1 Supplement and Latin Extended-A (upper and lower case alike), then a few of Latin
// Extended-B; × and ÷ are not letters and stay.
constexpr Fold kFolds[] = {
    {0xC0, 0xC5, "a"},   {0xC6, 0xC6, "ae"},   {0xC7, 0xC7, "c"},   {0xC8, 0xCB, "e"},
    {0xCC, 0xCF, "i"},   {0xD0, 0xD0, "d"},    {0xD1, 0xD1, "n"},   {0xD2, 0xD6, "o"},
    {0xD8, 0xD8, "o"},   {0xD9, 0xDC, "u"},    {0xDD, 0xDD, "y"},   {0xDE, 0xDE, "th"},
    {0xDF, 0xDF, "ss"},  {0xE0, 0xE5, "a"},    {0xE6, 0xE6, "ae"},  {0xE7, 0xE7, "c"},
    {0xE8, 0xEB, "e"},   {0xEC, 0xEF, "i"},    {0xF0, 0xF0, "d"},   {0xF1, 0xF1, "n"},
    {0xF2, 0xF6, "o"},   {0xF8, 0xF8, "o"},    {0xF9, 0xFC, "u"},   {0xFD, 0xFD, "y"},
    {0xFE, 0xFE, "th"},  {0xFF, 0xFF, "y"},    {0x100, 0x105, "a"}, {0x106, 0x10D, "c"},
    {0x10E, 0x111, "d"}, {0x112, 0x11B, "e"},  {0x11C, 0x123, "g"}, {0x124, 0x127, "h"},
    {0x128, 0x131, "i"}, {0x132, 0x133, "ij"}, {0x134, 0x135, "j"}, {0x136, 0x138, "k"},
    {0x139, 0x142, "l"}, {0x143, 0x14B, "n"},  {0x14C, 0x151, "o"}, {0x152, 0x153, "oe"},
    {0x154, 0x159, "r"}, {0x15A, 0x161, "s"},  {0x162, 0x167, "t"}, {0x168, 0x173, "u"},
    {0x174, 0x175, "w"}, {0x176, 0x178, "y"},  {0x179, 0x17E, "z"}, {0x17F, 0x17F, "s"},
    {0x1A0, 0x1A1, "o"}, {0x1AF, 0x1B0, "u"},  {0x218, 0x219, "s"}, {0x21A, 0x21B, "t"}};

constexpr char32_t kCombiningFirst = 0x300, kCombiningLast = 0x36F;

const char* folded(char32_t c) {
  for (const Fold& f : kFolds) {
    if (c >= f.first && c <= f.last) return f.base;
  }
  return nullptr;
}

}  // namespace

std::string fold_name(std::string_view s) {
  std::string out;
  bool space = false;  // a space is owed before the next character kept
  for (std::size_t at = 0; at < s.size();) {
    const std::size_t valid = utf8_char_bytes(s, at);
    const std::size_t bytes = valid == 0 ? 1 : valid;
    const char32_t c = valid == 0 ? 0xFFFD : utf8_code_point(s.substr(at, bytes));
    if (c == ' ' || c == '\t' || c == '-') {
      space = !out.empty();
    } else if (c < kCombiningFirst || c > kCombiningLast) {
      if (space) out += ' ';
      space = false;
      if (c >= 'A' && c <= 'Z') {
        out += static_cast<char>(c - 'A' + 'a');
      } else if (const char* base = folded(c)) {
        out += base;
      } else {
        out.append(s.substr(at, bytes));
      }
    }
    at += bytes;
  }
  return out;
}

}  // namespace geofield

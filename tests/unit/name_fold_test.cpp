// Names folded for comparison: case, accents, hyphens and spacing ignored.
#include "name_fold.h"

#include <gtest/gtest.h>

namespace geofield {
namespace {

TEST(FoldName, IgnoresCaseAccentsHyphensAndSpacing) {
  EXPECT_EQ(fold_name("São Paulo"), "sao paulo");
  EXPECT_EQ(fold_name("SAO-PAULO"), "sao paulo");
  EXPECT_EQ(fold_name("  sao \t  paulo "), "sao paulo");
  EXPECT_EQ(fold_name("Zürich"), "zurich");
  EXPECT_EQ(fold_name("ZÜRICH"), "zurich");
  EXPECT_EQ(fold_name("Łódź"), "lodz");
  EXPECT_EQ(fold_name("Straße"), "strasse");
  EXPECT_EQ(fold_name("Ærøskøbing"), "aeroskobing");
  EXPECT_EQ(fold_name("Þórshöfn"), "thorshofn");
  // Romanian's s with comma below and the older s with cedilla are one letter.
  EXPECT_EQ(fold_name("București"), "bucuresti");
  EXPECT_EQ(fold_name("Bucureşti"), "bucuresti");
  EXPECT_EQ(fold_name("Hồ Chí Minh"), fold_name("Hồ CHÍ MINH"));
  // Combining marks (decomposed text) are dropped: "Sa" + U+0303 + "o".
  EXPECT_EQ(fold_name("Sa\xCC\x83o Paulo"), "sao paulo");
}

TEST(FoldName, KeepsWhatItDoesNotFold) {
  EXPECT_EQ(fold_name("Москва"), "Москва");
  EXPECT_EQ(fold_name("2×3"), "2×3");
  EXPECT_EQ(fold_name("Washington, D.C."), "washington, d.c.");
  EXPECT_EQ(fold_name("a\xFFz"), "a\xFFz");  // not UTF-8: kept, the caller checks
  EXPECT_EQ(fold_name(""), "");
  EXPECT_EQ(fold_name(" - "), "");
}

}  // namespace
}  // namespace geofield

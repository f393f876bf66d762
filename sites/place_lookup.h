// Finding a place by name in a gazetteer (place_pack.h): what `--ref NAME` resolves, and what a
// search box lists. Names are compared folded (name_fold.h: case, accents, hyphens ignored).
//
// The rule (docs/places.md):
// - "NAME" matches the places whose name, ASCII name, or name up to its first comma
//   ("Washington" of "Washington, D.C.") folds to NAME folded, and those with such an
//   alternate name ("New York": New York City), which count a tenth of their people
//   (kAliasWeight: "Roma" is Rome, 230,000 so counted, not Roma, Texas, 10,000). A text that
//   nothing matches whole is read as "NAME, QUALIFIER, ...": each qualifier must fold to the
//   place's country name, its ISO 3166 code (FR, FRA) or its region's name ("Illinois").
// - Of the matches, most people first, the first is the place when it has more than
//   kClearLead times the people of the second (Rome, Italy: 2.3 million; Rome, Georgia: 36,000).
// - Otherwise the name is ambiguous; the candidates are the matches with at least 1/kClearLead
//   of the first's people (Springfield: Missouri, Massachusetts, Illinois, Oregon, Ohio).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sites/place_pack.h"

namespace geofield {

inline constexpr double kClearLead = 3.0;
// A place matched by an alternate name counts a tenth of its people against the places of that
// name of their own ("Cologne": Köln's million beat the Italian town's 7,000; "Victoria": Hong
// Kong's 7.5 million, of which it is an old name, do not beat Victoria, British Columbia).
inline constexpr double kAliasWeight = 0.1;

struct PlaceFind {
  enum class Kind { found, ambiguous, none };
  Kind kind = Kind::none;
  // found: the place; ambiguous: the candidates, most populous first (indices into the table).
  std::vector<std::uint32_t> places;
  // none: how many places have that name when the qualifiers are left out (0: the name is
  // unknown; more: the qualifiers matched none of them).
  std::size_t named = 0;
  // found: a qualifier named the place's region ("Boulder, Colorado"), so label_as_asked says
  // the place that way.
  bool region_named = false;
};

class PlaceLookup {
 public:
  // Folds every name once; the table must outlive the lookup.
  explicit PlaceLookup(const PlaceTable& table);

  PlaceFind find(std::string_view query) const;

  // "Rome, Italy": name and country, with the region between them when the country has another
  // place of that name ("Springfield, Illinois, United States").
  std::string label(std::uint32_t place) const;
  // Name, region (when it has one) and country, always.
  std::string full_label(std::uint32_t place) const;
  // The found place as the query named it: "Boulder, Colorado" when a qualifier was its
  // region, label() otherwise. f must be found.
  std::string label_as_asked(const PlaceFind& f) const;

  // The places whose folded name starts with prefix folded, most populous first, at most max.
  std::vector<std::uint32_t> starting_with(std::string_view prefix, std::size_t max) const;

  const PlaceTable& table() const { return table_; }

 private:
  struct Match {
    std::uint32_t place;
    double people;  // its population, a tenth of it matched by an alternate name
  };
  // The places of that folded name, own and alternate, most people first.
  std::vector<Match> named(const std::string& key) const;
  bool qualifies(const Place& p, const std::string& qualifier_key) const;

  const PlaceTable& table_;
  std::vector<std::string> folded_names_;                                 // per place
  std::unordered_map<std::string, std::vector<std::uint32_t>> by_key_;    // most populous first
  std::unordered_map<std::string, std::vector<std::uint32_t>> by_alias_;  // the same
};

// The lookup of the gazetteer built into this binary, made once.
const PlaceLookup& embedded_place_lookup();

}  // namespace geofield

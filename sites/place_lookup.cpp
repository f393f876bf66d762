#include "sites/place_lookup.h"

#include <algorithm>
#include <utility>

#include "name_fold.h"

namespace geofield {
namespace {

std::string_view trimmed(std::string_view s) {
  const std::size_t first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

std::string lowercase_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

PlaceLookup::PlaceLookup(const PlaceTable& table) : table_(table) {
  folded_names_.reserve(table.places.size());
  for (std::uint32_t i = 0; i < table.places.size(); ++i) {
    const Place& p = table.places[i];
    const std::string name = fold_name(p.name), ascii = fold_name(p.ascii_name);
    folded_names_.push_back(name);
    // The keys of a place, each once: its names, and each up to its first comma.
    std::vector<std::string> keys = {name, ascii};
    for (const std::string& k : {name, ascii}) {
      const std::size_t comma = k.find(',');
      if (comma != std::string::npos) keys.push_back(fold_name(k.substr(0, comma)));
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    for (const std::string& k : keys) {
      if (!k.empty()) by_key_[k].push_back(i);
    }
  }
  for (const PlaceAlias& a : table.aliases) by_alias_[fold_name(a.name)].push_back(a.place);
  // Most populous first, each place once (two spellings may fold alike).
  for (auto& [key, places] : by_alias_) {
    std::sort(places.begin(), places.end());
    places.erase(std::unique(places.begin(), places.end()), places.end());
  }
}

std::vector<PlaceLookup::Match> PlaceLookup::named(const std::string& key) const {
  std::vector<Match> out;
  if (const auto it = by_key_.find(key); it != by_key_.end()) {
    for (std::uint32_t i : it->second) out.push_back({i, double(table_.places[i].population)});
  }
  if (const auto it = by_alias_.find(key); it != by_alias_.end()) {
    for (std::uint32_t i : it->second) {
      if (std::none_of(out.begin(), out.end(), [&](const Match& m) { return m.place == i; })) {
        out.push_back({i, kAliasWeight * table_.places[i].population});
      }
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Match& a, const Match& b) { return a.people > b.people; });
  return out;
}

bool PlaceLookup::qualifies(const Place& p, const std::string& q) const {
  const PlaceCountry& c = table_.countries[p.country];
  if (q == lowercase_ascii(c.alpha2) || q == lowercase_ascii(c.alpha3) || q == fold_name(c.name)) {
    return true;
  }
  return p.region != kNoRegion && q == fold_name(table_.regions[p.region].name);
}

PlaceFind PlaceLookup::find(std::string_view query) const {
  PlaceFind r;
  std::vector<Match> matches = named(fold_name(query));
  std::vector<std::string> qualifiers;
  const std::size_t comma = query.find(',');
  if (matches.empty() && comma != std::string_view::npos) {
    // NAME, QUALIFIER, ...: the places of that name in what each qualifier names ("Roma,
    // Italy" is Rome, whose alternate name it is, not Roma, Queensland).
    for (std::string_view rest = query.substr(comma + 1);;) {
      const std::size_t next = rest.find(',');
      std::string q = fold_name(trimmed(rest.substr(0, next)));
      if (!q.empty()) qualifiers.push_back(std::move(q));
      if (next == std::string_view::npos) break;
      rest = rest.substr(next + 1);
    }
    matches = named(fold_name(query.substr(0, comma)));
    r.named = matches.size();
    std::erase_if(matches, [&](const Match& m) {
      return !std::all_of(qualifiers.begin(), qualifiers.end(), [&](const std::string& q) {
        return qualifies(table_.places[m.place], q);
      });
    });
  }
  if (matches.empty()) return r;
  r.named = 0;
  const double first = matches[0].people;
  if (matches.size() == 1 || first > kClearLead * matches[1].people) {
    r.kind = PlaceFind::Kind::found;
    r.places = {matches[0].place};
    const Place& p = table_.places[matches[0].place];
    r.region_named = p.region != kNoRegion &&
                     std::find(qualifiers.begin(), qualifiers.end(),
                               fold_name(table_.regions[p.region].name)) != qualifiers.end();
    return r;
  }
  r.kind = PlaceFind::Kind::ambiguous;
  for (const Match& m : matches) {
    if (kClearLead * m.people >= first) r.places.push_back(m.place);
  }
  return r;
}

std::string PlaceLookup::full_label(std::uint32_t i) const {
  const Place& p = table_.places[i];
  std::string s(p.name);
  if (p.region != kNoRegion) s += ", " + std::string(table_.regions[p.region].name);
  return s + ", " + std::string(table_.countries[p.country].name);
}

std::string PlaceLookup::label(std::uint32_t i) const {
  const Place& p = table_.places[i];
  const auto it = by_key_.find(folded_names_[i]);  // none for a name that folds to nothing
  const std::vector<std::uint32_t> same =
      it == by_key_.end() ? std::vector<std::uint32_t>{} : it->second;
  const bool twin = std::any_of(same.begin(), same.end(), [&](std::uint32_t k) {
    return k != i && table_.places[k].country == p.country;
  });
  if (twin) return full_label(i);
  return std::string(p.name) + ", " + std::string(table_.countries[p.country].name);
}

std::string PlaceLookup::label_as_asked(const PlaceFind& f) const {
  const Place& p = table_.places[f.places.at(0)];
  if (!f.region_named) return label(f.places[0]);
  return std::string(p.name) + ", " + std::string(table_.regions[p.region].name);
}

std::vector<std::uint32_t> PlaceLookup::starting_with(std::string_view prefix,
                                                      std::size_t max) const {
  const std::string key = fold_name(prefix);
  std::vector<std::uint32_t> out;
  if (key.empty()) return out;
  for (std::uint32_t i = 0; i < folded_names_.size() && out.size() < max; ++i) {
    if (folded_names_[i].compare(0, key.size(), key) == 0) out.push_back(i);
  }
  return out;
}

const PlaceLookup& embedded_place_lookup() {
  static const PlaceLookup lookup(embedded_places());
  return lookup;
}

}  // namespace geofield

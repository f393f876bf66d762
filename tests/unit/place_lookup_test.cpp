// Finding places by name: the rule of place_lookup.h on a small table made here, then on the
// gazetteer built into the binary (GeoNames, assets/places).
#include "sites/place_lookup.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "view/place_search.h"
#include "view/projected_view.h"

namespace geofield {
namespace {

using Kind = PlaceFind::Kind;

// Countries, regions and places as in GeoNames (populations of its 2020 dump), most
// populous first.
PlaceTable small_table() {
  PlaceTable t;
  t.countries = {{"BR", "BRA", "Brazil"},
                 {"FR", "FRA", "France"},
                 {"IT", "ITA", "Italy"},
                 {"US", "USA", "United States"},
                 {"AU", "AUS", "Australia"}};
  t.regions = {{3, "Illinois"},      {3, "Missouri"}, {3, "Massachusetts"}, {2, "Lazio"},
               {1, "Île-de-France"}, {3, "Texas"},    {3, "Georgia"},       {3, "Washington, D.C."},
               {0, "São Paulo"},     {3, "New York"}};
  t.places = {{-23.5475f, -46.63611f, 10021295, "São Paulo", "Sao Paulo", 0, 8},
              {40.71427f, -74.00597f, 8175133, "New York City", "New York City", 3, 9},
              {41.89193f, 12.51133f, 2318895, "Rome", "Rome", 2, 3},
              {48.85341f, 2.3488f, 2138551, "Paris", "Paris", 1, 4},
              {38.89511f, -77.03637f, 689545, "Washington, D.C.", "Washington, D.C.", 3, 7},
              {37.21533f, -93.29824f, 166810, "Springfield", "Springfield", 3, 1},
              {42.10148f, -72.58981f, 154341, "Springfield", "Springfield", 3, 2},
              {39.80172f, -89.64371f, 116565, "Springfield", "Springfield", 3, 0},
              {34.25704f, -85.16467f, 36323, "Rome", "Rome", 3, 6},
              {33.66094f, -95.55551f, 24782, "Paris", "Paris", 3, 5},
              {-26.57f, 148.79f, 7105, "Roma", "Roma", 4, kNoRegion}};
  // GeoNames' alternate names: New York City's, and Rome's Italian name.
  t.aliases = {{1, "New York"}, {1, "Big Apple"}, {1, "New-York"}, {2, "Roma"}};
  return t;
}

class SmallGazetteer : public ::testing::Test {
 protected:
  PlaceTable table = small_table();
  PlaceLookup lookup{table};

  // The one place a query finds, as its label; what else happened otherwise.
  std::string found(const std::string& query) const {
    const PlaceFind f = lookup.find(query);
    if (f.kind == Kind::ambiguous) return "ambiguous";
    if (f.kind == Kind::none) return "none";
    return lookup.label(f.places.at(0));
  }
};

TEST_F(SmallGazetteer, TheMostPopulousOfANameWhenItLeadsClearly) {
  EXPECT_EQ(found("Rome"), "Rome, Italy");     // 2.3 million against Rome, Georgia's 36,000
  EXPECT_EQ(found("Paris"), "Paris, France");  // against Paris, Texas
  EXPECT_EQ(found("ROME"), "Rome, Italy");
  EXPECT_EQ(found("  rome "), "Rome, Italy");
}

TEST_F(SmallGazetteer, AccentsCaseAndHyphensAreIgnored) {
  EXPECT_EQ(found("São Paulo"), "São Paulo, Brazil");
  EXPECT_EQ(found("sao paulo"), "São Paulo, Brazil");
  EXPECT_EQ(found("SAO-PAULO"), "São Paulo, Brazil");
}

TEST_F(SmallGazetteer, ANameOfComparablePlacesListsThem) {
  const PlaceFind f = lookup.find("Springfield");
  ASSERT_EQ(f.kind, Kind::ambiguous);
  ASSERT_EQ(f.places.size(), 3u);  // Missouri, Massachusetts, Illinois: most populous first
  EXPECT_EQ(lookup.full_label(f.places[0]), "Springfield, Missouri, United States");
  EXPECT_EQ(lookup.full_label(f.places[1]), "Springfield, Massachusetts, United States");
  EXPECT_EQ(lookup.full_label(f.places[2]), "Springfield, Illinois, United States");
  EXPECT_EQ(lookup.find("Springfield, United States").kind, Kind::ambiguous);
  EXPECT_EQ(lookup.find("Springfield, US").places.size(), 3u);
}

TEST_F(SmallGazetteer, QualifiersNarrowByCountryCodeOrRegion) {
  EXPECT_EQ(found("Paris, France"), "Paris, France");
  EXPECT_EQ(found("Paris, FR"), "Paris, France");
  EXPECT_EQ(found("paris,fra"), "Paris, France");
  EXPECT_EQ(found("Paris, Texas"), "Paris, United States");
  EXPECT_EQ(found("Paris, Ile-de-France, France"), "Paris, France");
  EXPECT_EQ(found("Rome, US"), "Rome, United States");
  // The region shows where the country has another place of the name.
  EXPECT_EQ(found("Springfield, Illinois"), "Springfield, Illinois, United States");
  EXPECT_EQ(found("Springfield, Illinois, United States"), "Springfield, Illinois, United States");
  const PlaceFind f = lookup.find("Springfield, Illinois");
  ASSERT_EQ(f.kind, Kind::found);
  EXPECT_FLOAT_EQ(table.places[f.places[0]].lat_deg, 39.80172f);
}

TEST_F(SmallGazetteer, UnknownNamesAndUnmatchedQualifiersFindNothing) {
  const PlaceFind atlantis = lookup.find("Atlantis");
  EXPECT_EQ(atlantis.kind, Kind::none);
  EXPECT_EQ(atlantis.named, 0u);
  const PlaceFind paris_de = lookup.find("Paris, Germany");
  EXPECT_EQ(paris_de.kind, Kind::none);
  EXPECT_EQ(paris_de.named, 2u);  // two Parises, neither in Germany
  EXPECT_EQ(lookup.find("").kind, Kind::none);
  EXPECT_EQ(lookup.find(",").kind, Kind::none);
  EXPECT_EQ(lookup.find("Pari").kind, Kind::none);  // names match whole
}

TEST_F(SmallGazetteer, ANameWithACommaMatchesWholeAndUpToItsComma) {
  EXPECT_EQ(found("Washington, D.C."), "Washington, D.C., United States");
  EXPECT_EQ(found("washington"), "Washington, D.C., United States");
}

TEST_F(SmallGazetteer, AlternateNamesCountATenthOfTheirPeople) {
  EXPECT_EQ(found("New York"), "New York City, United States");
  EXPECT_EQ(found("big apple"), "New York City, United States");
  EXPECT_EQ(found("New York, US"), "New York City, United States");
  EXPECT_EQ(lookup.find("new york").places.size(), 1u);  // two spellings, one place
  // Roma is also a town in Queensland, of 7,105: Rome's 2.3 million, counted a tenth by its
  // alternate name, still lead by more than kClearLead.
  EXPECT_EQ(found("Roma"), "Rome, Italy");
  EXPECT_EQ(found("Roma, Italy"), "Rome, Italy");  // narrowed, the alternate name counts
  EXPECT_EQ(found("Roma, AU"), "Roma, Australia");
}

TEST_F(SmallGazetteer, SearchListsNamesStartingWithAPrefix) {
  const std::vector<std::uint32_t> s = lookup.starting_with("spr", 10);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(table.places[s[0]].population, 166810u);
  EXPECT_EQ(lookup.starting_with("sp", 2).size(), 2u);
  EXPECT_EQ(lookup.starting_with("SÃO", 5).size(), 1u);
  EXPECT_TRUE(lookup.starting_with("", 5).empty());
  EXPECT_TRUE(lookup.starting_with("zz", 5).empty());
}

// The window's search box offers, best first: the place --ref takes, then names by prefix.
TEST_F(SmallGazetteer, TheSearchBoxOffersWhatRefTakesThenNamesByPrefix) {
  std::vector<PlaceHit> h = place_hits("Rome", lookup, 8);
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].label, "Rome, Lazio, Italy");
  EXPECT_EQ(h[1].label, "Rome, Georgia, United States");
  h = place_hits("Springfield, Illinois", lookup, 8);
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(h[0].label, "Springfield, Illinois, United States");
  EXPECT_FLOAT_EQ(h[0].lat_deg, 39.80172f);
  EXPECT_EQ(place_hits("spr", lookup, 8).size(), 3u);
  EXPECT_EQ(place_hits("spr", lookup, 2).size(), 2u);
  h = place_hits("jn61FV", lookup, 8);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].label, "JN61fv (Maidenhead square)");
  EXPECT_NEAR(h[0].lat_deg, 41.8958, 1e-4);
  EXPECT_TRUE(place_hits("JS61", lookup, 8).empty());  // a mistyped locator offers nothing
  EXPECT_TRUE(place_hits("", lookup, 8).empty());
  EXPECT_TRUE(place_hits("Xyzzy", lookup, 8).empty());
}

TEST(MoveReference, TheViewFollowsTheReference) {
  FieldParams p;  // latlon 29:31, 99:101
  move_reference(&p, 41.9, 12.5);
  EXPECT_DOUBLE_EQ(p.ref_lat_deg, 41.9);
  EXPECT_DOUBLE_EQ(p.ref_lon_deg, 12.5);
  EXPECT_NEAR(p.lat_min_deg, 40.9, 1e-12);
  EXPECT_NEAR(p.lat_max_deg, 42.9, 1e-12);
  EXPECT_NEAR(p.lon_min_deg, 11.5, 1e-12);
  EXPECT_NEAR(p.lon_max_deg, 13.5, 1e-12);
  move_reference(&p, 89.5, 0);  // the view keeps its height inside the poles
  EXPECT_DOUBLE_EQ(p.lat_max_deg, 90);
  EXPECT_NEAR(p.lat_min_deg, 88, 1e-12);
  FieldParams globe;
  globe.projection = Projection::ortho;
  globe.extent = default_extent(globe);
  move_reference(&globe, -33.9, 151.2);
  EXPECT_NEAR(projection_centre(globe).lat_deg, -33.9, 1e-9);
  EXPECT_NEAR(projection_centre(globe).lon_deg, 151.2, 1e-9);
  FieldParams aeqd;
  aeqd.projection = Projection::aeqd;
  aeqd.extent = default_extent(aeqd);
  const FieldParams before = aeqd;
  move_reference(&aeqd, 51.5, -0.1);
  EXPECT_EQ(aeqd.lat_min_deg, before.lat_min_deg);  // centred on the reference already
  EXPECT_EQ(aeqd.extent, before.extent);
  EXPECT_DOUBLE_EQ(aeqd.ref_lat_deg, 51.5);
}

// The lead rule at its edge: taken at more than kClearLead times the next, listed otherwise,
// and places of no known population (0) are never taken over one another.
TEST(PlaceLookupRule, TheLeadMustBeMoreThanThreeTimesTheNext) {
  PlaceTable t;
  t.countries = {{"AA", "AAA", "Aland"}, {"BB", "BBB", "Bland"}};
  t.places = {{1, 1, 301, "Lead", "Lead", 0, kNoRegion}, {2, 2, 300, "Tie", "Tie", 0, kNoRegion},
              {3, 3, 100, "Lead", "Lead", 1, kNoRegion}, {4, 4, 100, "Tie", "Tie", 1, kNoRegion},
              {5, 5, 99, "Tie", "Tie", 1, kNoRegion},    {6, 6, 0, "Zero", "Zero", 0, kNoRegion},
              {7, 7, 0, "Zero", "Zero", 1, kNoRegion}};
  const PlaceLookup lookup(t);
  EXPECT_EQ(lookup.find("Lead").kind, Kind::found);
  const PlaceFind tie = lookup.find("Tie");
  ASSERT_EQ(tie.kind, Kind::ambiguous);
  EXPECT_EQ(tie.places.size(), 2u);  // 300 and 100; 99 is under a third of 300
  const PlaceFind zero = lookup.find("Zero");
  EXPECT_EQ(zero.kind, Kind::ambiguous);
  EXPECT_EQ(zero.places.size(), 2u);
  EXPECT_EQ(lookup.find("Zero, BB").kind, Kind::found);
}

// The gazetteer built into the binary.
TEST(EmbeddedPlaces, HoldsGeoNamesPlacesMostPopulousFirst) {
  const PlaceTable& t = embedded_places();
  EXPECT_GT(t.places.size(), 40000u);
  EXPECT_LT(t.places.size(), 60000u);
  EXPECT_GT(t.countries.size(), 240u);
  EXPECT_GT(t.regions.size(), 2500u);
  for (std::size_t i = 1; i < t.places.size(); ++i) {
    ASSERT_GE(t.places[i - 1].population, t.places[i].population);
  }
}

TEST(EmbeddedPlaces, FindsRomeParisLondonAndListsTheSpringfields) {
  const PlaceLookup& lookup = embedded_place_lookup();
  const PlaceTable& t = lookup.table();
  struct Known {
    const char* query;
    const char* label;
    double lat_deg, lon_deg;
  };
  for (const Known& k :
       {Known{"Rome", "Rome, Italy", 41.89, 12.48},
        Known{"Paris, France", "Paris, France", 48.857, 2.352},
        Known{"Paris, FR", "Paris, France", 48.857, 2.352},
        Known{"London", "London, United Kingdom", 51.507, -0.128},
        Known{"zurich", "Zürich, Switzerland", 47.37, 8.54},
        Known{"New York", "New York City, United States", 40.71, -74.01},
        Known{"Seville", "Sevilla, Spain", 37.38, -5.97},
        Known{"Springfield, Illinois", "Springfield, Illinois, United States", 39.80, -89.64}}) {
    const PlaceFind f = lookup.find(k.query);
    ASSERT_EQ(f.kind, Kind::found) << k.query;
    const Place& p = t.places[f.places[0]];
    EXPECT_EQ(lookup.label(f.places[0]), k.label);
    EXPECT_NEAR(p.lat_deg, k.lat_deg, 0.1) << k.query;
    if (!f.region_named) {
      EXPECT_EQ(lookup.label_as_asked(f), k.label) << k.query;
    }
    EXPECT_NEAR(p.lon_deg, k.lon_deg, 0.1) << k.query;
  }
  // A place asked for by its region is said that way (the title of issue 29's example);
  // asked for by its country, or by nothing, the usual label.
  for (const auto& [query, as_asked] : {std::pair{"Boulder, Colorado", "Boulder, Colorado"},
                                        std::pair{"Springfield, Illinois", "Springfield, Illinois"},
                                        std::pair{"Boulder, US", "Boulder, United States"},
                                        std::pair{"Paris, Texas", "Paris, Texas"}}) {
    const PlaceFind f = lookup.find(query);
    ASSERT_EQ(f.kind, Kind::found) << query;
    EXPECT_EQ(lookup.label_as_asked(f), as_asked);
  }
  EXPECT_FALSE(lookup.find("Rome").region_named);
  // An exonym that is a village's own name means the city; one that is the old name of a city
  // of millions against a city of its own name of 290,000 lists both.
  const PlaceFind cologne = lookup.find("Cologne");
  ASSERT_EQ(cologne.kind, Kind::found);
  EXPECT_EQ(lookup.label(cologne.places[0]), "Köln, Germany");
  const PlaceFind victoria = lookup.find("Victoria");
  ASSERT_EQ(victoria.kind, Kind::ambiguous);
  bool canada = false;
  for (std::uint32_t i : victoria.places) canada |= lookup.label(i) == "Victoria, Canada";
  EXPECT_TRUE(canada);
  const PlaceFind s = lookup.find("Springfield");
  ASSERT_EQ(s.kind, Kind::ambiguous);
  EXPECT_GE(s.places.size(), 3u);
  bool illinois = false;
  for (std::uint32_t i : s.places) {
    EXPECT_GE(3 * t.places[i].population, t.places[s.places[0]].population);
    illinois |= lookup.full_label(i) == "Springfield, Illinois, United States";
  }
  EXPECT_TRUE(illinois);
  EXPECT_EQ(lookup.find("Xyzzy").kind, Kind::none);
}

}  // namespace
}  // namespace geofield

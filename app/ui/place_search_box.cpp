#include "ui/place_search_box.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstdio>

#include "maidenhead.h"
#include "sites/place_lookup.h"

namespace geofield {
namespace {

constexpr std::size_t kMaxHits = 8;

void take(FieldParams* p, PlaceSearch* s, const PlaceHit& hit) {
  move_reference(p, hit.lat_deg, hit.lon_deg);
  s->text = hit.label;
  s->hits.clear();
  s->searching = false;
}

}  // namespace

void place_search_box(FieldParams* p, PlaceSearch* s) {
  // As tall as a line of text, to the panel's edge: it shares the caption's row.
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, {ImGui::GetStyle().FramePadding.x, 0});
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  const bool entered = ImGui::InputTextWithHint("##find place", "find: Rome; Paris, France; JN61fv",
                                                &s->text, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::PopStyleVar();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "A place by name (GeoNames' places of 5000 people or more, built in; add a country or\n"
        "region: Springfield, Illinois) or a Maidenhead locator (JN61fv): the reference point\n"
        "moves there. Enter takes the place --ref would; a click takes any listed.");
  }
  const PlaceLookup& places = embedded_place_lookup();
  if (ImGui::IsItemEdited()) {
    s->hits = place_hits(s->text, places, kMaxHits);
    s->searching = !s->text.empty();
  }
  // Enter takes what --ref would take: a locator, or a name that is one place.
  if (entered && !s->hits.empty() &&
      (looks_like_maidenhead(s->text) || places.find(s->text).kind == PlaceFind::Kind::found)) {
    take(p, s, s->hits.front());
    return;
  }
  for (std::size_t k = 0; k < s->hits.size(); ++k) {
    const PlaceHit& hit = s->hits[k];
    char where[48];
    std::snprintf(where, sizeof where, "  %.2f, %.2f", hit.lat_deg, hit.lon_deg);
    ImGui::PushID(static_cast<int>(k));
    const bool picked = ImGui::Selectable((hit.label + where).c_str());
    ImGui::PopID();
    if (picked) {
      take(p, s, hit);
      return;
    }
  }
  if (s->hits.empty() && s->searching) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", looks_like_maidenhead(s->text)
                                  ? kMaidenheadForm
                                  : "no place of that name (GeoNames' places of 5000 people "
                                    "or more; add a country: Paris, France)");
    ImGui::PopTextWrapPos();
  }
}

}  // namespace geofield

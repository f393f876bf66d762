// The window's edits of its sites: opening a file or a built-in name, clearing, and
// the check of the view they need. A view has centres or sites, never both: opening sites
// clears the centres, importing centres clears the sites (centre_edits.h), and a file of single
// points opens as centres (as `--sites points.csv` means `--centres points.csv`), so the
// Centres panel edits them. Every taken edit is a change of the view: the undo history has it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "view/view_state.h"

namespace geofield {

// The sites `text` names: a built-in name (@coastline[:SCALE], @borders[:SCALE],
// @land[:SCALE]) or a file (GeoJSON or CSV, sites_file.h), relative to `folder` unless
// absolute. *source says where they came from. Throws UsageError, one line, naming the file or
// the name and what is wrong.
ShapesPtr read_view_sites(std::string_view text, const std::filesystem::path& folder,
                          SitesSource* source);

// Why a view of p cannot have lines and polygons (the wgs84 and seed formulas, in
// check_shapes_formula's words); nothing when it can.
std::optional<std::string> sites_view_problem(const FieldParams& p);

// What opening gave: sites, or (a file of single points) centres.
enum class Opened { sites, centres };

// The view's sites (and no centres) become `shapes`, or its centres (and no sites) the points
// when every feature is one point. False with *why, the view unchanged, when the view cannot
// take them (sites_view_problem) or the points cannot be centres (replace_centres).
// "signed inside" goes off when the new sites have no polygon.
bool open_sites(ViewState* s, ShapesPtr shapes, const SitesSource& source, Opened* opened,
                std::string* why);
void clear_sites(ViewState* s);

// "12 features: 3 lines, 2 polygons, 7 points" (the kinds there are).
std::string sites_summary(const SiteShapes& shapes);

}  // namespace geofield

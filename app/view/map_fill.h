// The view extended to the shape of the window's map area, so the map fills it with
// no bars beside or above it. Applied to the view itself (its bounds and grid), so exports,
// figures, the saved view and the reproduce command carry exactly what is drawn.
#pragma once

#include "field_params.h"
#include "view/view_math.h"

namespace geofield {

// Extends p about its centre to the shape of `area` (window pixels): latlon widens the
// longitude span (at most 360) or the latitude span (at most -90..90, shifted off a pole where
// it must be); a projected view (aeqd, ortho, eqearth) lengthens its shorter axis (the extent
// at most max_extent). nx or ny grows with the span so the nodes keep their spacing (square
// pixels); the caller holds the grid to its caps. What cannot be extended stays letterboxed.
// Nothing changes when the letterbox would leave less than a pixel: extending is idempotent.
// Returns whether p changed.
bool fill_area(FieldParams* p, const MapRect& area);

}  // namespace geofield

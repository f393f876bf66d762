// The View panel's place search: a box, on the rest of the current row, that offers places
// (the built-in gazetteer, as --ref reads names) and Maidenhead squares as one types, listed
// under it, and moves the reference point to the one picked (click, or Enter when the text
// names one place).
#pragma once

#include "field_params.h"
#include "ui/ui_model.h"

namespace geofield {

void place_search_box(FieldParams* p, PlaceSearch* search);

}  // namespace geofield

// Reads a rectangle of the bound read framebuffer (the window's back buffer before the swap)
// into an Image with row 0 at the top: for screenshots of what is on screen.
#pragma once

#include "gl/renderer.h"

namespace geofield {

// x, y: the rectangle's bottom-left corner in GL framebuffer pixels.
Image capture_framebuffer(int x, int y, int width, int height);

}  // namespace geofield

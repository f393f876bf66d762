#include "window/window_request.h"

#include "window/app.h"

namespace geofield {

int run_window(const WindowRequest& request) {
  App app(request);
  return app.run();
}

}  // namespace geofield

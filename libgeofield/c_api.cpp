// The C functions of geofield.h: each turns the program's exceptions into a status and the
// thread's last error, so that nothing thrown crosses into C.
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "api_buffer.h"
#include "api_context.h"
#include "api_grid.h"
#include "api_params.h"
#include "api_sites.h"
#include "api_sites_table.h"
#include "errors.h"
#include "field_params.h"
#include "geofield.h"

struct geofield_sites {
  geofield::api::SitesTable table;
};

struct geofield_context {
  geofield::api::Context impl;
  geofield_context(const char* backend, int device) : impl(backend, device) {}
};

namespace {

std::string& last_error() {
  thread_local std::string text;
  return text;
}

geofield_status fail(geofield_status status, const char* what) {
  last_error() = what;
  return status;
}

template <typename F>
geofield_status guarded(F&& f) noexcept {
  try {
    f();
    last_error().clear();
    return GEOFIELD_OK;
  } catch (const geofield::api::Unavailable& e) {
    return fail(GEOFIELD_UNAVAILABLE, e.what());
  } catch (const geofield::MemoryShortage& e) {
    return fail(GEOFIELD_OUT_OF_MEMORY, e.what());
  } catch (const geofield::UsageError& e) {
    return fail(GEOFIELD_INVALID_ARGUMENT, e.what());
  } catch (const std::bad_alloc&) {
    return fail(GEOFIELD_OUT_OF_MEMORY, "host memory ran out");
  } catch (const std::exception& e) {
    return fail(GEOFIELD_RUNTIME_ERROR, e.what());
  } catch (...) {
    return fail(GEOFIELD_RUNTIME_ERROR, "an unknown failure");
  }
}

void require(const void* p, const char* what) {
  if (p == nullptr) throw geofield::UsageError(std::string(what) + ": NULL");
}

}  // namespace

extern "C" {

int geofield_api_version(void) { return GEOFIELD_API_VERSION; }

const char* geofield_version(void) { return GEOFIELD_VERSION_STRING; }

const char* geofield_last_error(void) { return last_error().c_str(); }

void geofield_params_init(geofield_params* c) {
  if (c == nullptr) return;
  const geofield::FieldParams p;  // the command line's defaults
  *c = geofield_params{};
  c->struct_size = sizeof(geofield_params);
  c->lat_min = p.lat_min_deg;
  c->lat_max = p.lat_max_deg;
  c->lon_min = p.lon_min_deg;
  c->lon_max = p.lon_max_deg;
  c->nx = p.nx;
  c->ny = p.ny;
  c->ref_lat = p.ref_lat_deg;
  c->ref_lon = p.ref_lon_deg;
  c->formula = GEOFIELD_HAVERSINE;
  c->units = GEOFIELD_KM;
  c->radius_km = p.radius_km;
  c->ellipsoid_a_km = p.ellipsoid_a_km;
  c->ellipsoid_inv_f = p.ellipsoid_inv_f;
  c->precision = GEOFIELD_PRECISION_FLOAT;
  c->projection = GEOFIELD_LATLON;
  c->extent = 0;
}

geofield_status geofield_params_set_step(geofield_params* params, double step_lon_deg,
                                         double step_lat_deg) {
  return guarded([&] {
    if (params == nullptr) throw geofield::UsageError("geofield_params: NULL");
    const geofield::FieldParams p = geofield::api::field_params_of(params);
    if (p.projection != geofield::Projection::latlon) {
      throw geofield::UsageError(
          "--step: applies to GEOFIELD_LATLON (a projected map's spacing is extent over nx)");
    }
    const auto side = [&](double span, double step, const char* axis) {
      const geofield::StepSide s =
          geofield::side_for_step(span, step, p.registration, geofield::kMaxGridSide, axis);
      if (!s.problem.empty()) throw geofield::UsageError(s.problem);
      return s.side;
    };
    const int nx =
        side(geofield::lon_span_deg(p.lon_min_deg, p.lon_max_deg), step_lon_deg, "longitude");
    const int ny = side(p.lat_max_deg - p.lat_min_deg, step_lat_deg, "latitude");
    params->nx = nx;
    params->ny = ny;
  });
}

geofield_status geofield_params_check(const geofield_params* params) {
  return guarded([&] { geofield::api::request_of(params); });
}

void geofield_output_init(geofield_output* o) {
  if (o == nullptr) return;
  *o = geofield_output{};
  o->struct_size = sizeof(geofield_output);
  o->memory = GEOFIELD_MEMORY_HOST;
  o->dtype = GEOFIELD_FLOAT32;
}

geofield_status geofield_context_create(const char* backend, int device,
                                        geofield_context** context) {
  return guarded([&] {
    require(context, "geofield_context_create: context");
    *context = nullptr;
    *context = new geofield_context(backend, device);
  });
}

void geofield_context_destroy(geofield_context* context) { delete context; }

const char* geofield_context_backend(const geofield_context* context) {
  return context == nullptr ? "" : context->impl.backend();
}

const char* geofield_context_description(const geofield_context* context) {
  return context == nullptr ? "" : context->impl.description().c_str();
}

geofield_status geofield_compute(geofield_context* context, const geofield_params* params,
                                 const geofield_output* output) {
  return guarded([&] {
    require(context, "geofield_compute: context");
    require(output, "geofield_compute: output");
    context->impl.compute(params, *output);
  });
}

void geofield_points_init(geofield_points* p) {
  if (p == nullptr) return;
  *p = geofield_points{};
  p->struct_size = sizeof(geofield_points);
  p->memory = GEOFIELD_MEMORY_HOST;
  p->dtype = GEOFIELD_FLOAT32;
}

geofield_status geofield_compute_points(geofield_context* context, const geofield_params* params,
                                        const geofield_points* points) {
  return guarded([&] {
    require(context, "geofield_compute_points: context");
    require(points, "geofield_compute_points: points");
    context->impl.compute_points(params, *points);
  });
}

geofield_status geofield_buffer_create(geofield_context* context, int32_t memory, size_t bytes,
                                       geofield_buffer** buffer) {
  return guarded([&] {
    require(context, "geofield_buffer_create: context");
    require(buffer, "geofield_buffer_create: buffer");
    *buffer = nullptr;
    if (memory != GEOFIELD_MEMORY_HOST && memory != GEOFIELD_MEMORY_CUDA) {
      throw geofield::UsageError("geofield_buffer_create: memory " + std::to_string(memory) +
                                 " is not GEOFIELD_MEMORY_HOST (0) or GEOFIELD_MEMORY_CUDA (1)");
    }
    if (memory == GEOFIELD_MEMORY_CUDA && context->impl.device() < 0) {
      throw geofield::UsageError(
          std::string("geofield_buffer_create: CUDA memory needs a cuda context; this one "
                      "computes with ") +
          context->impl.backend());
    }
    *buffer = geofield::api::make_buffer(memory, context->impl.device(), bytes);
  });
}

void* geofield_buffer_data(const geofield_buffer* b) { return b == nullptr ? nullptr : b->data; }
size_t geofield_buffer_size(const geofield_buffer* b) { return b == nullptr ? 0 : b->bytes; }
int32_t geofield_buffer_memory(const geofield_buffer* b) {
  return b == nullptr ? GEOFIELD_MEMORY_HOST : b->memory;
}
int geofield_buffer_device(const geofield_buffer* b) { return b == nullptr ? -1 : b->device; }
void geofield_buffer_retain(geofield_buffer* b) {
  if (b != nullptr) b->references.fetch_add(1);
}
void geofield_buffer_release(geofield_buffer* b) { geofield::api::release_buffer(b); }

geofield_status geofield_buffer_dlpack(geofield_buffer* buffer, int32_t dtype, int64_t ny,
                                       int64_t nx, void** managed_tensor) {
  return guarded([&] {
    require(buffer, "geofield_buffer_dlpack: buffer");
    require(managed_tensor, "geofield_buffer_dlpack: managed_tensor");
    *managed_tensor = nullptr;
    *managed_tensor = geofield::api::dlpack_of(buffer, dtype, ny, nx);
  });
}

geofield_status geofield_sites_read(const char* text, geofield_sites** sites) {
  return guarded([&] {
    require(sites, "geofield_sites_read: sites");
    *sites = nullptr;
    require(text, "geofield_sites_read: text");
    const geofield::ShapesPtr shapes = geofield::api::read_sites_parameter(text);
    *sites = new geofield_sites{geofield::api::sites_table(*shapes)};
  });
}

geofield_status geofield_sites_get_table(const geofield_sites* sites, geofield_sites_table* table) {
  return guarded([&] {
    require(sites, "geofield_sites_get_table: sites");
    require(table, "geofield_sites_get_table: table");
    geofield::api::fill_table(sites->table, table);
  });
}

void geofield_sites_destroy(geofield_sites* sites) { delete sites; }

geofield_status geofield_grid_describe(const geofield_params* params, int64_t site_count,
                                       char* buffer, size_t size, size_t* length) {
  return guarded([&] {
    require(length, "geofield_grid_describe: length");
    *length = 0;
    const std::string text = geofield::api::grid_description(params, site_count);
    *length = text.size();
    if (buffer != nullptr && size > text.size()) std::memcpy(buffer, text.c_str(), text.size() + 1);
  });
}

}  // extern "C"

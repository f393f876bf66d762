/* geofield.h from plain C (C99, -Wpedantic): the default view's field and two of its nodes
 * against the haversine formula written out here in double; the distance to a GeoJSON point
 * given as sites, with its bearing. Exits non-zero on any failure. */
#include <geofield.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double haversine_km(double lat1, double lon1, double lat2, double lon2, double r) {
  const double d = acos(-1.0) / 180.0;
  const double s1 = sin((lat2 - lat1) * d / 2), s2 = sin((lon2 - lon1) * d / 2);
  const double h = s1 * s1 + cos(lat1 * d) * cos(lat2 * d) * s2 * s2;
  return 2 * r * asin(sqrt(h));
}

int main(void) {
  geofield_context* context = NULL;
  geofield_params params;
  geofield_output output;
  float* values;
  int failures = 0;
  if (geofield_api_version() / 1000 != GEOFIELD_API_VERSION_MAJOR) return 1;
  if (geofield_context_create("cpu", 0, &context) != GEOFIELD_OK) {
    fprintf(stderr, "context: %s\n", geofield_last_error());
    return 1;
  }
  geofield_params_init(&params);
  params.nx = 300;
  params.ny = 200;
  values = malloc(sizeof(float) * 300 * 200);
  geofield_output_init(&output);
  output.values = values;
  output.values_bytes = sizeof(float) * 300 * 200;
  if (geofield_compute(context, &params, &output) != GEOFIELD_OK) {
    fprintf(stderr, "compute: %s\n", geofield_last_error());
    return 1;
  }
  /* Node (0, 0) is 31N 99E; node (199, 299) is 29N 101E. */
  if (fabs(values[0] - haversine_km(30, 101, 31, 99, 6371.0088)) > 1e-3) ++failures;
  if (fabs(values[199 * 300 + 299] - haversine_km(30, 101, 29, 101, 6371.0088)) > 1e-3) ++failures;
  /* Sites (API 1.1): a point at 29N 99E as GeoJSON text; node (0, 0) is due north of it. */
  {
    float* bearing = malloc(sizeof(float) * 300 * 200);
    params.sites = "{\"type\": \"Point\", \"coordinates\": [99, 29]}";
    output.bearing = bearing;
    output.bearing_bytes = sizeof(float) * 300 * 200;
    if (geofield_compute(context, &params, &output) != GEOFIELD_OK) {
      fprintf(stderr, "compute with sites: %s\n", geofield_last_error());
      return 1;
    }
    if (fabs(values[0] - haversine_km(29, 99, 31, 99, 6371.0088)) > 1e-3) ++failures;
    if (fabs(bearing[0] - 180) > 1e-4) ++failures;
    params.sites = NULL;
    output.bearing = NULL;
    free(bearing);
  }
  params.lat_min = 95;
  if (geofield_compute(context, &params, &output) != GEOFIELD_INVALID_ARGUMENT) ++failures;
  printf("%s | %s | %.4f km\n", geofield_context_description(context), geofield_last_error(),
         values[0]);
  free(values);
  geofield_context_destroy(context);
  return failures;
}

#include "view/centre_edits.h"

#include <utility>

#include "compute/nearest_centre.h"
#include "errors.h"
#include "sites/centres_file.h"

namespace geofield {
namespace {

std::string trimmed(std::string name) {
  const std::size_t a = name.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  const std::size_t b = name.find_last_not_of(" \t\r");
  return name.substr(a, b - a + 1);
}

// The checks of one centre; false with *why when it is refused.
bool valid(Centre* c, std::string* why) {
  c->name = trimmed(std::move(c->name));
  if (std::string problem = centre_problem(*c); !problem.empty()) {
    *why = "centre: " + problem;
    return false;
  }
  return true;
}

bool index_ok(const ViewState& s, std::size_t k, std::string* why) {
  if (k < s.centres.size()) return true;
  *why = "centre #" + std::to_string(k + 1) + ": there are " + std::to_string(s.centres.size()) +
         " centres";
  return false;
}

}  // namespace

std::optional<std::string> centres_view_problem(const FieldParams& p, std::size_t n) {
  if (n == 0) return std::nullopt;
  if (n > kMaxViewCentres) {
    return "the window holds at most " + std::to_string(kMaxViewCentres) +
           " centres (as render --centres), got " + std::to_string(n);
  }
  try {
    check_centres_view(p, std::vector<Centre>(1));  // its words for the formula and projection
  } catch (const UsageError& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

bool add_centre(ViewState* s, Centre c, std::string* why) {
  if (!s->sites.empty()) {  // a view has centres or sites, never both
    *why = "centre not added: the view's field is its sites' (clear them in the Sites panel first)";
    return false;
  }
  if (!valid(&c, why)) return false;
  if (std::optional<std::string> no = centres_view_problem(s->params, s->centres.size() + 1)) {
    *why = "centre not added: " + *no;
    return false;
  }
  std::vector<Centre> list = s->centres.list();
  list.push_back(std::move(c));
  s->centres = CentreSet(std::move(list));
  return true;
}

bool set_centre(ViewState* s, std::size_t k, Centre c, std::string* why) {
  if (!index_ok(*s, k, why) || !valid(&c, why)) return false;
  if (s->centres[k] == c) return true;
  std::vector<Centre> list = s->centres.list();
  list[k] = std::move(c);
  s->centres = CentreSet(std::move(list));
  return true;
}

bool remove_centre(ViewState* s, std::size_t k, std::string* why) {
  if (!index_ok(*s, k, why)) return false;
  std::vector<Centre> list = s->centres.list();
  list.erase(list.begin() + static_cast<std::ptrdiff_t>(k));
  s->centres = CentreSet(std::move(list));
  return true;
}

void clear_centres(ViewState* s) { s->centres = CentreSet(); }

bool replace_centres(ViewState* s, std::vector<Centre> list, std::string* why) {
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (!valid(&list[k], why)) {
      *why = "centre #" + std::to_string(k + 1) + ": " + why->substr(8);  // past "centre: "
      return false;
    }
  }
  if (std::optional<std::string> no = centres_view_problem(s->params, list.size())) {
    *why = *no;
    return false;
  }
  s->centres = CentreSet(std::move(list));
  s->sites = ViewSites();  // an import takes the place of the sites, as opening sites does
  s->signed_inside = false;
  return true;
}

std::string centre_label(const CentreSet& centres, std::size_t k) {
  if (k < centres.size() && !centres[k].name.empty()) return centres[k].name;
  return "centre #" + std::to_string(k + 1);
}

}  // namespace geofield

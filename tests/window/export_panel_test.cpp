// The Export panel offers the registry's panel outputs (output_kinds.h), one button each: pressing
// a button asks for that output and no other. Drawn in a headless ImGui context (no GL: the frame
// is never rendered), each press queued by ImGui's ActivateItem as a click would.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "export/output_kinds.h"
#include "ui/ui_model.h"

namespace geofield {
namespace {

class ExportPanelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    context_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 800);
    io.DeltaTime = 1.0f / 60;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // the atlas a frame needs
  }
  void TearDown() override { ImGui::DestroyContext(context_); }

  // One frame of the panel; `press`: a button's label, pressed when the next frame draws it.
  UiActions frame(const char* press = nullptr) {
    ImGui::NewFrame();
    ImGui::SetNextWindowSize(ImVec2(600, 700));
    ImGui::Begin("panels");
    if (press != nullptr) ImGui::ActivateItem(ImGui::GetID(press));
    UiActions a;
    draw_export_panel(&settings_, state_, info_, &a, &edits_);
    ImGui::End();
    ImGui::EndFrame();
    return a;
  }

  ImGuiContext* context_ = nullptr;
  ExportSettings settings_;
  ViewState state_;
  FrameInfo info_;
  TypedEdits edits_;
};

TEST_F(ExportPanelTest, EachPanelOutputHasAButtonThatAsksForItAlone) {
  int buttons = 0;
  for (const OutputKind& k : output_kinds()) {
    if (!k.in_panel()) continue;
    ++buttons;
    frame(k.panel_label);
    const UiActions a = frame();
    EXPECT_EQ(a.field_exports, std::vector<OutputId>{k.id}) << k.panel_label;
  }
  EXPECT_EQ(buttons, 3);
  EXPECT_TRUE(frame().field_exports.empty());  // nothing pressed, nothing asked
}

// The press reaches a drawn button only: a label the panel does not draw asks for nothing (so
// the test above would fail for a button the panel lacked).
TEST_F(ExportPanelTest, ALabelThePanelDoesNotDrawAsksForNothing) {
  for (const OutputKind& k : output_kinds()) {
    if (k.in_panel()) continue;
    frame(k.option);
    EXPECT_TRUE(frame().field_exports.empty()) << k.option;
  }
  frame("Figure PNG");
  const UiActions a = frame();
  EXPECT_TRUE(a.picture) << "a press on a drawn button other than the outputs' reaches it";
  EXPECT_TRUE(a.field_exports.empty());
}

// The folder box names no user's home (screenshots are shared): under $HOME it reads "~/...";
// "~" typed is $HOME, as a shell reads it.
class HomeFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* home = std::getenv("HOME");
    saved_ = home != nullptr ? std::optional<std::string>(home) : std::nullopt;
    ::setenv("HOME", "/home/ada/", 1);
  }
  void TearDown() override {
    if (saved_) {
      ::setenv("HOME", saved_->c_str(), 1);
    } else {
      ::unsetenv("HOME");
    }
  }
  std::optional<std::string> saved_;
};

TEST_F(HomeFolder, UnderHomeIsShownWithATilde) {
  EXPECT_EQ(home_abbreviated("/home/ada/maps"), "~/maps");
  EXPECT_EQ(home_abbreviated("/home/ada"), "~");
  EXPECT_EQ(home_abbreviated("/home/adam/maps"), "/home/adam/maps");  // not under /home/ada
  EXPECT_EQ(home_abbreviated("/srv/maps"), "/srv/maps");
}

TEST_F(HomeFolder, ATildeTypedIsHome) {
  EXPECT_EQ(absolute_folder("~/maps/"), "/home/ada/maps");
  EXPECT_EQ(absolute_folder("~"), "/home/ada");
  EXPECT_EQ(absolute_folder("/srv/./maps"), "/srv/maps");
  EXPECT_EQ(absolute_folder("~ada/maps").front(), '/');  // another user's: a relative name
  ::unsetenv("HOME");
  EXPECT_EQ(home_abbreviated("/home/ada/maps"), "/home/ada/maps");
}

}  // namespace
}  // namespace geofield

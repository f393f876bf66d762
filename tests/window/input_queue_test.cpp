// The input queue hands ImGui one state change per frame, so nothing between two frames is lost.
#include "view/input_queue.h"

#include <gtest/gtest.h>

namespace geofield {
namespace {

using K = InputEvent::Kind;
constexpr int kKeyG = 71, kKeyH = 72, kKeyBackspace = 259, kKeyLeftShift = 340;

InputEvent key(int code, bool down) { return {K::key, code, down, 0, 0, 0}; }
InputEvent text(int cp) { return {K::text, cp, false, 0, 0, 0}; }
InputEvent button(int b, bool down) { return {K::button, b, down, 0, 0, 0}; }
InputEvent cursor(double x, double y) { return {K::cursor, 0, false, 0, x, y}; }

TEST(InputQueue, ATapWithinOneFrameTakesTwoFrames) {
  InputQueue q;
  q.push(key(kKeyG, true));
  q.push(key(kKeyG, false));
  auto f1 = q.take_frame(false);
  ASSERT_EQ(f1.size(), 1u);
  EXPECT_TRUE(f1[0].down);
  auto f2 = q.take_frame(false);
  ASSERT_EQ(f2.size(), 1u);
  EXPECT_FALSE(f2[0].down);
  EXPECT_TRUE(q.empty());
  EXPECT_TRUE(q.take_frame(false).empty());
}

TEST(InputQueue, DifferentKeysShareAFrame) {
  InputQueue q;
  q.push(key(kKeyLeftShift, true));
  q.push(key(kKeyG, true));
  q.push(key(kKeyH, true));
  EXPECT_EQ(q.take_frame(false).size(), 3u);
}

TEST(InputQueue, TypingKeepsItsOrderInATextField) {
  InputQueue q;
  // "g", Backspace, "h", all between two frames.
  for (auto e : {key(kKeyG, true), text('g'), key(kKeyG, false), key(kKeyBackspace, true),
                 key(kKeyBackspace, false), key(kKeyH, true), text('h'), key(kKeyH, false)}) {
    q.push(e);
  }
  // ImGui applies a frame's text before its keys: no text may follow Backspace in its frame.
  std::vector<std::vector<InputEvent>> frames;
  while (!q.empty()) frames.push_back(q.take_frame(true));
  int g_frame = -1, bs_frame = -1, h_frame = -1;
  for (int f = 0; f < int(frames.size()); ++f) {
    for (const InputEvent& e : frames[f]) {
      if (e.kind == K::text && e.code == 'g') g_frame = f;
      if (e.kind == K::text && e.code == 'h') h_frame = f;
      if (e.kind == K::key && e.code == kKeyBackspace && e.down) bs_frame = f;
    }
  }
  EXPECT_LE(g_frame, bs_frame);  // text then a key in one frame keeps their order
  EXPECT_LT(bs_frame, h_frame);
  int events = 0;
  for (const auto& f : frames) events += int(f.size());
  EXPECT_EQ(events, 8);
  EXPECT_LE(frames.size(), 4u);  // a key's press and release: never more than two a key
}

TEST(InputQueue, AClickIsSeenDownThenUpAtWhereItHappened) {
  InputQueue q;
  q.push(cursor(10, 20));
  q.push(button(0, true));
  q.push(cursor(30, 40));
  q.push(button(0, false));
  auto f1 = q.take_frame(false);
  ASSERT_EQ(f1.size(), 2u);  // moved to (10, 20), pressed; the later move waits
  EXPECT_EQ(f1[0].x, 10);
  auto f2 = q.take_frame(false);
  ASSERT_EQ(f2.size(), 2u);  // the move, then the release there
  EXPECT_EQ(f2[0].kind, K::cursor);
  EXPECT_FALSE(f2[1].down);
  EXPECT_TRUE(q.empty());
}

TEST(InputQueue, MovesCoalesceIntoOneFrame) {
  InputQueue q;
  for (int i = 0; i < 50; ++i) q.push(cursor(i, i));
  EXPECT_EQ(q.take_frame(false).size(), 50u);
}

TEST(InputQueue, AKeyKeepsTheModifiersItWasPressedWith) {
  constexpr int kKeyQ = 81, kKeyLeftCtrl = 341;
  InputQueue q;
  q.push(key(kKeyLeftCtrl, true));
  EXPECT_EQ(q.take_frame(false).size(), 1u);
  q.push(key(kKeyQ, true));
  q.push(key(kKeyLeftCtrl, false));  // released before the next frame
  q.push(key(kKeyQ, false));
  auto f = q.take_frame(false);
  ASSERT_EQ(f.size(), 1u);  // Q's press, Ctrl still down
  EXPECT_EQ(f[0].code, kKeyQ);
  EXPECT_EQ(q.take_frame(false).size(), 2u);  // then Ctrl's and Q's releases
  EXPECT_TRUE(q.empty());
}

TEST(InputQueue, CharacterKeysAreKnown) {
  EXPECT_TRUE(types_character(kKeyG));
  EXPECT_TRUE(types_character(32));
  EXPECT_FALSE(types_character(kKeyBackspace));
  EXPECT_FALSE(types_character(kKeyLeftShift));
}

}  // namespace
}  // namespace geofield

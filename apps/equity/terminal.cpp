#include "terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace equity::cli {
namespace {

bool env_set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0';
}

bool dumb_terminal() {
  const char* term = std::getenv("TERM");
  return term != nullptr && std::strcmp(term, "dumb") == 0;
}

}  // namespace

bool colour_allowed(int fd) { return ::isatty(fd) == 1 && !env_set("NO_COLOR") && !dumb_terminal(); }

bool cursor_control_allowed(int fd) { return ::isatty(fd) == 1 && !dumb_terminal(); }

int terminal_columns(int fd) {
  if (::isatty(fd) != 1) return 0;
  if (const char* columns = std::getenv("COLUMNS"); columns != nullptr) {
    int n = 0;
    const char* end = columns + std::strlen(columns);
    const auto [last, error] = std::from_chars(columns, end, n);
    if (error == std::errc() && last == end && n > 0) return n;
  }
  winsize size{};
  if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 0;
}

}  // namespace equity::cli

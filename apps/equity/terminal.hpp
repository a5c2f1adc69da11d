#pragma once
// What the terminal behind a file descriptor can show: colour, and how many columns.

namespace equity::cli {

// ANSI colour on `fd`: only on a terminal, and never when NO_COLOR is set to a non-empty value
// (https://no-color.org) or TERM is "dumb".
bool colour_allowed(int fd);

// Cursor control (a progress bar redrawn in place) on `fd`: a terminal whose TERM is not "dumb".
bool cursor_control_allowed(int fd);

// The width of the terminal on `fd` in columns: $COLUMNS when it is a positive number, else the
// terminal's size (TIOCGWINSZ); 0 when `fd` is not a terminal or the width is unknown.
int terminal_columns(int fd);

}  // namespace equity::cli

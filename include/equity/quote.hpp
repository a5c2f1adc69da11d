#pragma once
// Quoting user input in error messages: on one line, with escapes, and short.
//
// Every parser's message quotes the bad input through quote_input(), so that a NUL byte, a newline
// or a stray byte never cuts, splits or corrupts the line printed on stderr, and a 100 MB line
// gives a short message.
#include <cstddef>
#include <string>
#include <string_view>

namespace equity {

// The most bytes of input quote_input() shows by default; longer input is cut (at a character
// boundary) and marked with "..." and its size.
inline constexpr std::size_t kQuoteBytes = 60;

// `text` between double quotes, on one line: \" and \\ for a quote and a backslash, \t \n \r for
// those bytes, \xNN for any other control byte (NUL is \x00) and for every byte that is not part of valid UTF-8
// (so a message never holds broken UTF-8). Valid UTF-8 (such as the suit symbols) is kept as is.
// Input longer than `max_bytes` is cut: "AAAA..." (104857600 bytes).
std::string quote_input(std::string_view text, std::size_t max_bytes = kQuoteBytes);

// The number of bytes of the valid UTF-8 character at the start of `text` (1 for ASCII); 0 if the
// text is empty or does not start with a valid UTF-8 character.
std::size_t utf8_char_length(std::string_view text);

// The character at text[pos] between single quotes, escaped as quote_input() does: 'X', '♠', '\x00',
// '\xff' (the whole UTF-8 character when valid, else the one byte); '' past the end.
std::string quote_char_at(std::string_view text, std::size_t pos);

}  // namespace equity

#pragma once
// The InputError calculate() throws for a question, or "no error": for the tests of the messages.
#include <string>

#include "equity/calculate.hpp"
#include "equity/error.hpp"

namespace equity::test {

inline std::string input_error_of(const Question& q) {
  try {
    (void)calculate(q);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace equity::test

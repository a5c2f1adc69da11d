# scikit-build's entry point (see pyproject.toml): builds only the library and the module
# (target install-python in python/CMakeLists.txt), not the program, tests or benchmarks.
from skbuild import setup

setup(
    name="equity",
    version="0.1.0",
    description="Exact Texas Hold'em equity: hands, ranges, the preflop table, Monte Carlo",
    packages=["equity"],
    package_dir={"": "python"},
    package_data={"equity": ["__init__.pyi", "py.typed"]},
    cmake_install_dir="python",
    cmake_install_target="install-python",
    cmake_args=[
        "-DCMAKE_BUILD_TYPE=Release",
        "-DEQUITY_PYTHON=ON",
        "-DEQUITY_BUILD_TESTS=OFF",
        "-DEQUITY_BUILD_BENCHMARKS=OFF",
    ],
    install_requires=["numpy"],
    python_requires=">=3.9",
)

# The lineart container: `docker build -t lineart .`, then
#   docker run --rm -v "$PWD:/work" -w /work lineart convert photos --output pages
# docs/scale-out.md runs it as the tasks of a Kubernetes Indexed Job, a Slurm array or GNU parallel.
#
# Two stages: the Swift toolchain image builds the release binary (Swift runtime linked in
# statically, as `make install` does) with its man pages and completions; the run-time image
# is a slim Debian with only the C libraries the binary links (ldd .build/static/release/lineart).
# Both stages are Debian 12 (bookworm), so the libraries built against are those run with.

ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
# The -dev packages of .ci/run's list (README: "The system libraries and tools, on Debian").
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      make pkg-config git libjpeg62-turbo-dev libpng-dev zlib1g-dev libheif-dev libwebp-dev libtiff-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN make install DESTDIR=/staging PREFIX=/usr/local \
 && /staging/usr/local/bin/lineart --version

FROM ${RUNTIME_IMAGE}
# The run-time halves of the -dev packages above; libstdc++6 for libheif and the static Swift runtime.
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libjpeg62-turbo libpng16-16 zlib1g libheif1 libwebp7 libtiff6 libstdc++6 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --create-home --uid 1000 lineart
COPY --from=build /staging/usr/local/ /usr/local/
USER lineart
WORKDIR /work
ENTRYPOINT ["lineart"]
CMD ["--help"]

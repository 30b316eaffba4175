# The fourhand server, built from this repository into one binary (the web client is inside it).
#   docker build -t fourhand .      (BuildKit: the cache mounts keep the dependencies between builds)

# Build: dependencies and build output live in cache mounts, so a change to the code rebuilds
# the project's own crates only.
FROM rust:1.89.0-bookworm AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p fourhand \
    && cp target/release/fourhand /usr/local/bin/fourhand

# Run: a slim Debian, a user without privileges, the SQLite default in a volume.
FROM debian:12.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin fourhand \
    && mkdir -p /app/data && chown -R fourhand:fourhand /app
COPY --from=build /usr/local/bin/fourhand /usr/local/bin/fourhand
USER fourhand
WORKDIR /app
ENV FOURHAND_LISTEN=0.0.0.0:8080 \
    FOURHAND_DATA_DIR=/app/data
VOLUME /app/data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
CMD ["fourhand", "serve"]

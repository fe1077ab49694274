package io.jsycl.bench;
final class Placeholder {}

"""A stand-in for the few parts of PyTorch that gpu/torch_peers.py calls, in plain Python, so that TorchPeerTest can
drive the real script on a machine without PyTorch or CUDA. Tensors are 1-D lists; "CUDA" is the host; events read
the host's clock. Values are Python floats (doubles), so float32 rounding is not modelled: the script's checks pass
exactly here."""
import random
import time

__version__ = "0.0-fake"
int32 = "int32"
int64 = "int64"


class version:
    cuda = "none"


class Tensor:
    def __init__(self, values, dtype="float32"):
        self.v = list(values)
        self.dtype = dtype

    def __getitem__(self, s):
        return Tensor(self.v[s], self.dtype)

    def clone(self):
        return Tensor(self.v, self.dtype)

    def add_(self, x, alpha=1):
        self.v = [a + alpha * b for a, b in zip(self.v, x.v)]
        return self

    def copy_(self, src):
        self.v = list(src.v)
        return self

    def sum(self):
        return Tensor([sum(self.v)], "int64" if self.dtype == "int32" else self.dtype)

    def item(self):
        return self.v[0]

    def double(self):
        return Tensor(self.v, "float64")

    def cpu(self):
        return self

    def to(self, dtype):
        return Tensor(self.v, dtype)

    def numel(self):
        return len(self.v)

    def abs(self):
        return Tensor([abs(a) for a in self.v], self.dtype)

    def clamp_min(self, m):
        return Tensor([max(a, m) for a in self.v], self.dtype)

    def max(self):
        return Tensor([max(self.v)], self.dtype)

    def __sub__(self, o):
        return Tensor([a - b for a, b in zip(self.v, o.v)], self.dtype)

    def __truediv__(self, o):
        return Tensor([a / b for a, b in zip(self.v, o.v)], self.dtype)

    def __rmul__(self, k):
        return Tensor([k * a for a in self.v], self.dtype)

    def __add__(self, o):
        return Tensor([a + b for a, b in zip(self.v, o.v)], self.dtype)

    def __ne__(self, o):
        return Tensor([int(a != b) for a, b in zip(self.v, o.v)], "int64")


def device(name):
    return name


class Generator:
    def __init__(self, device=None):
        self.r = random.Random(0)

    def manual_seed(self, seed):
        self.r = random.Random(seed)
        return self


def rand(n, device=None, generator=None):
    r = generator.r if generator else random
    return Tensor(r.random() for _ in range(n))


def randint(low, high, shape, device=None, dtype=None, generator=None):
    r = generator.r if generator else random
    return Tensor((r.randrange(low, high) for _ in range(shape[0])), dtype or "int64")


def empty(n, device=None):
    return Tensor([0.0] * n)


def empty_like(t):
    return Tensor([0] * len(t.v), t.dtype)


def equal(a, b):
    return a.v == b.v


def mul(x, k):
    return Tensor([a * k for a in x.v], x.dtype)


def add(a, b, out=None):
    out.v = [x + y for x, y in zip(a.v, b.v)]
    return out


class cuda:
    @staticmethod
    def is_available():
        return True

    @staticmethod
    def get_device_name():
        return "Fake CUDA device"

    @staticmethod
    def synchronize():
        pass

    @staticmethod
    def empty_cache():
        pass

    class Event:
        def __init__(self, enable_timing=False):
            self.t = None

        def record(self):
            self.t = time.perf_counter()

        def synchronize(self):
            pass

        def elapsed_time(self, end):
            return (end.t - self.t) * 1e3

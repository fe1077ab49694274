/* Runs one lowered kernel on the first OpenCL platform (PoCL in tests).
 * Spec file: source path, kernel name, global size, argument count, then per argument
 * "S <bytes> <hex>" (a scalar) or "B <bytes> <hex>" (a buffer). Prints each buffer's bytes
 * after the run, one hex line per buffer. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, e_); exit(2); } } while (0)

static unsigned char* hex(const char* s, size_t n) {
    unsigned char* b = malloc(n ? n : 1);
    for (size_t i = 0; i < n; i++) { unsigned v; sscanf(s + 2 * i, "%2x", &v); b[i] = (unsigned char)v; }
    return b;
}

int main(int argc, char** argv) {
    FILE* f = fopen(argv[1], "r");
    char path[4096], name[1024];
    size_t global; int nargs;
    if (fscanf(f, "%4095s %1023s %zu %d", path, name, &global, &nargs) != 4) return 3;
    FILE* s = fopen(path, "rb"); fseek(s, 0, SEEK_END); long len = ftell(s); fseek(s, 0, SEEK_SET);
    char* src = malloc(len + 1); fread(src, 1, len, s); src[len] = 0; fclose(s);
    cl_platform_id p; cl_device_id d; cl_int err;
    CHECK(clGetPlatformIDs(1, &p, NULL));
    CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL));
    cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &err); CHECK(err);
    cl_command_queue q = clCreateCommandQueue(c, d, 0, &err); CHECK(err);
    cl_program prog = clCreateProgramWithSource(c, 1, (const char**)&src, NULL, &err); CHECK(err);
    if (clBuildProgram(prog, 1, &d, "-cl-fp32-correctly-rounded-divide-sqrt", NULL, NULL) != CL_SUCCESS) {
        char log[65536]; clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log); return 4;
    }
    cl_kernel k = clCreateKernel(prog, name, &err); CHECK(err);
    cl_mem mems[64]; size_t sizes[64]; int nmem = 0;
    char* line = malloc(1 << 20);
    for (int i = 0; i < nargs; i++) {
        char kind[4]; size_t n;
        if (fscanf(f, "%3s %zu", kind, &n) != 2) return 5;
        if (n > 0) { if (fscanf(f, "%1048575s", line) != 1) return 6; } else line[0] = 0;
        unsigned char* b = hex(line, n);
        if (kind[0] == 'S') {
            CHECK(clSetKernelArg(k, i, n, b));
        } else {
            cl_mem m = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n ? n : 1, b, &err); CHECK(err);
            CHECK(clSetKernelArg(k, i, sizeof m, &m));
            mems[nmem] = m; sizes[nmem++] = n;
        }
        free(b);
    }
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clFinish(q));
    for (int i = 0; i < nmem; i++) {
        unsigned char* b = malloc(sizes[i] ? sizes[i] : 1);
        CHECK(clEnqueueReadBuffer(q, mems[i], CL_TRUE, 0, sizes[i], b, 0, NULL, NULL));
        for (size_t j = 0; j < sizes[i]; j++) printf("%02x", b[j]);
        printf("\n");
        free(b);
    }
    return 0;
}

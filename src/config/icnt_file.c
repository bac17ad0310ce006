/* icnt_file.c — GPGPU-Sim's -inter_config_file (see icnt_file.h). */
#include "icnt_file.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define ICNT_FILE_MAX_BYTES (1u << 20)

static bool blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v'; }

/* A whole decimal number in [lo, hi]. */
static bool parse_num(const char *s, unsigned long lo, unsigned long hi, uint32_t *out)
{
    if (*s < '0' || *s > '9')
        return false;
    errno = 0;
    char *end = NULL;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = (uint32_t)v;
    return true;
}

int icnt_file_apply(gpu_config_t *c, const char *origin, const char *name, cs_error_t *err)
{
    char path[PATH_MAX];
    const char *slash = origin ? strrchr(origin, '/') : NULL;
    int n = name[0] != '/' && slash ? snprintf(path, sizeof path, "%.*s/%s", (int)(slash - origin), origin, name)
                                    : snprintf(path, sizeof path, "%s", name);
    struct stat st;
    if (n < 0 || (size_t)n >= sizeof path || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    char *text;
    size_t len;
    if (cs_read_file(path, ICNT_FILE_MAX_BYTES, &text, &len, err) < 0)
        return -1;

    /* what the file says; UINT32_MAX: not given */
    int topology = -1; /* -ctasim_icnt_topology: 0 fly (crossbar), 1 mesh */
    uint32_t k = UINT32_MAX, dims = UINT32_MAX, vc_buf = UINT32_MAX, flit = UINT32_MAX;
    unsigned long line = 1, topo_line = 0;
    int rc = 0;
    char *p = text, *end = text + len;
    while (p < end && rc == 0) {
        /* blanks and comments */
        if (blank(*p)) {
            line += *p++ == '\n';
            continue;
        }
        if (p[0] == '/' && p + 1 < end && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
            continue;
        }
        if (p[0] == '/' && p + 1 < end && p[1] == '*') {
            unsigned long at = line;
            for (p += 2; p < end && !(p[0] == '*' && p + 1 < end && p[1] == '/'); p++)
                line += *p == '\n';
            if (p >= end) {
                rc = cs_err(err, path, at, "unterminated comment");
                break;
            }
            p += 2;
            continue;
        }
        /* name = value ; */
        unsigned long at = line;
        char *key = p;
        while (p < end && (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                           (*p >= '0' && *p <= '9')))
            p++;
        char *key_end = p;
        while (p < end && blank(*p))
            line += *p++ == '\n';
        if (key_end == key || p >= end || *p != '=') {
            rc = cs_err(err, path, at, "expected 'name = value;'");
            break;
        }
        *key_end = '\0';
        char *val = ++p;
        while (p < end && *p != ';')
            line += *p++ == '\n';
        if (p >= end) {
            rc = cs_err(err, path, at, "%s: missing ';'", key);
            break;
        }
        *p++ = '\0';
        while (blank(*val))
            val++;
        for (char *t = val + strlen(val); t > val && blank(t[-1]);)
            *--t = '\0';
        if (!strcmp(key, "topology")) {
            topo_line = at;
            if (!strcmp(val, "fly"))
                topology = 0;
            else if (!strcmp(val, "mesh"))
                topology = 1;
            else
                rc = cs_err(err, path, at, "topology = %s: not modelled (ctasim has fly, a crossbar, and mesh)", val);
        } else if (!strcmp(key, "k")) {
            if (!parse_num(val, 1, 1u << 20, &k))
                rc = cs_err(err, path, at, "k = %s: expected a positive number", val);
        } else if (!strcmp(key, "n")) {
            if (!parse_num(val, 1, 64, &dims))
                rc = cs_err(err, path, at, "n = %s: expected a positive number", val);
        } else if (!strcmp(key, "vc_buf_size")) {
            if (!parse_num(val, 1, 1u << 20, &vc_buf))
                rc = cs_err(err, path, at, "vc_buf_size = %s: expected 1 to %u flits", val, 1u << 20);
        } else if (!strcmp(key, "flit_size")) {
            if (!parse_num(val, 1, 1u << 16, &flit))
                rc = cs_err(err, path, at, "flit_size = %s: expected 1 to %u bytes", val, 1u << 16);
        }
    }
    free(text);
    if (rc < 0)
        return -1;
    if (topology < 0)
        return cs_err(err, path, 0, "no 'topology = fly;' or 'topology = mesh;'");
    if (topology == 1) {
        if (dims != UINT32_MAX && dims != 2)
            return cs_err(err, path, topo_line, "topology = mesh with n = %" PRIu32 ": only 2-D meshes are modelled",
                          dims);
        if (k != UINT32_MAX && k > 256)
            return cs_err(err, path, topo_line, "topology = mesh with k = %" PRIu32 ": at most 256 routers per side",
                          k);
        c->mesh_dim = k != UINT32_MAX ? k : 0;
    }
    c->icnt_topology = (uint32_t)topology;
    if (vc_buf != UINT32_MAX)
        c->mesh_buffer = vc_buf;
    if (flit != UINT32_MAX)
        c->icnt_flit_size = flit;
    return 1;
}

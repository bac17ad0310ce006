/* sass_opcodes.c — which SASS opcodes exist per architecture, and how the
 * timing model should treat each one.
 *
 * One table lists every opcode once with the set of architectures that have
 * it, rather than one table per architecture: most of the ISA is shared from
 * Pascal to Ampere and a single row keeps the classes consistent. The opcode
 * sets follow what Accel-Sim's trace-driven front-end accepts per binary
 * version, with these deliberate differences in class:
 *   - conversions, moves, predicates and uniform-datapath ops go to UNIT_INT
 *     (Accel-Sim: ALU / its specialised unit 4);
 *   - LDC is a constant-space load and TEX* texture loads on UNIT_LDST
 *     (Accel-Sim ignores both as ALU ops); such lines usually carry no
 *     addresses, so the reader hands them out with addr == NULL;
 *   - MATCH and QSPC are warp-wide integer ops, not memory accesses: UNIT_INT;
 *   - IMMA/BMMA/DMMA are tensor-core ops on every version that has them;
 *   - BAR is a CTA barrier only for BAR, BAR.SYNC*, BAR.RED*; BAR.ARV and the
 *     other non-waiting forms are plain branch-unit ops.
 * Memory ops carry LAT_INT_ADD as a placeholder: the LD/ST path has its own
 * timing and never reads the latency class. */
#include "sass_opcodes.h"

#include <string.h>

#include "util/common.h"

/* Architecture sets */
#define PASCAL 0x1u /* sm_60, sm_61 */
#define VOLTA  0x2u /* sm_70 */
#define TURING 0x4u /* sm_75 */
#define AMPERE 0x8u /* sm_80, sm_86 */
#define ALL    (PASCAL | VOLTA | TURING | AMPERE)
#define V70UP  (VOLTA | TURING | AMPERE)
#define V75UP  (TURING | AMPERE)
#define V80UP  AMPERE

typedef struct sass_row {
    const char *name;
    uint8_t unit, lat, space, flags;
    uint8_t archs;
} sass_row_t;

/* Row builders keep the table readable. */
#define SP(n, l, a)      {n, UNIT_SP, l, SPACE_NONE, 0, a}
#define INT(n, l, a)     {n, UNIT_INT, l, SPACE_NONE, 0, a}
#define DP(n, l, a)      {n, UNIT_DP, l, SPACE_NONE, 0, a}
#define TENSOR(n, a)     {n, UNIT_TENSOR, LAT_TENSOR, SPACE_NONE, 0, a}
#define MEM(n, s, f, a)  {n, UNIT_LDST, LAT_INT_ADD, s, f, a}
#define CTRL(n, f, a)    {n, UNIT_BRANCH, LAT_BRANCH, SPACE_NONE, f, a}

static const sass_row_t sass_table[] = {
    /* FP32 */
    SP("FADD", LAT_FP_ADD, ALL), SP("FADD32I", LAT_FP_ADD, ALL), SP("FCHK", LAT_FP_ADD, ALL),
    SP("FFMA", LAT_FP_MAD, ALL), SP("FFMA32I", LAT_FP_MAD, ALL), SP("FMNMX", LAT_FP_MAX, ALL),
    SP("FMUL", LAT_FP_MUL, ALL), SP("FMUL32I", LAT_FP_MUL, ALL), SP("FSEL", LAT_FP_ADD, ALL),
    SP("FSET", LAT_FP_ADD, ALL), SP("FSETP", LAT_FP_ADD, ALL), SP("FSWZADD", LAT_FP_ADD, ALL),
    SP("RRO", LAT_FP_ADD, PASCAL), SP("FCMP", LAT_FP_ADD, PASCAL),
    /* FP16 (packed pairs) */
    SP("HADD2", LAT_FP_ADD, ALL), SP("HFMA2", LAT_FP_MAD, ALL), SP("HMUL2", LAT_FP_MUL, ALL),
    SP("HSET2", LAT_FP_ADD, ALL), SP("HSETP2", LAT_FP_ADD, ALL),
    SP("HADD2_32I", LAT_FP_ADD, V70UP), SP("HFMA2_32I", LAT_FP_MAD, V70UP),
    SP("HMUL2_32I", LAT_FP_MUL, V70UP), SP("HMNMX2", LAT_FP_MAX, V80UP),
    /* special functions */
    {"MUFU", UNIT_SFU, LAT_SFU, SPACE_NONE, 0, ALL},
    /* FP64 */
    DP("DADD", LAT_DP_ADD, ALL), DP("DFMA", LAT_DP_MAD, ALL), DP("DMUL", LAT_DP_MUL, ALL),
    DP("DSETP", LAT_DP_ADD, ALL), DP("DMNMX", LAT_DP_MAX, PASCAL), DP("DSET", LAT_DP_ADD, PASCAL),
    /* tensor cores */
    TENSOR("HMMA", V70UP), TENSOR("IMMA", V70UP), TENSOR("BMMA", V75UP), TENSOR("DMMA", V80UP),
    /* integer */
    INT("BMSK", LAT_INT_ADD, ALL), INT("BREV", LAT_INT_ADD, ALL), INT("FLO", LAT_INT_ADD, ALL),
    INT("IABS", LAT_INT_ADD, ALL), INT("IADD", LAT_INT_ADD, ALL), INT("IADD3", LAT_INT_ADD, ALL),
    INT("IADD32I", LAT_INT_ADD, ALL), INT("IDP", LAT_INT_MAD, ALL), INT("IDP4A", LAT_INT_MAD, ALL),
    INT("IMAD", LAT_INT_MAD, ALL), INT("IMNMX", LAT_INT_MAX, ALL), INT("IMUL", LAT_INT_MUL, ALL),
    INT("IMUL32I", LAT_INT_MUL, ALL), INT("ISCADD", LAT_INT_ADD, ALL), INT("ISCADD32I", LAT_INT_ADD, ALL),
    INT("ISETP", LAT_INT_ADD, ALL), INT("LEA", LAT_INT_ADD, ALL), INT("LOP", LAT_INT_ADD, ALL),
    INT("LOP3", LAT_INT_ADD, ALL), INT("LOP32I", LAT_INT_ADD, ALL), INT("POPC", LAT_INT_ADD, ALL),
    INT("SHF", LAT_INT_ADD, ALL), INT("SHL", LAT_INT_ADD, ALL), INT("SHR", LAT_INT_ADD, ALL),
    INT("VABSDIFF", LAT_INT_ADD, ALL), INT("VABSDIFF4", LAT_INT_ADD, ALL),
    INT("ISET", LAT_INT_ADD, PASCAL), INT("BFE", LAT_INT_ADD, PASCAL), INT("BFI", LAT_INT_ADD, PASCAL),
    INT("ICMP", LAT_INT_ADD, PASCAL), INT("IMADSP", LAT_INT_MAD, PASCAL), INT("XMAD", LAT_INT_MAD, PASCAL),
    INT("VADD", LAT_INT_ADD, PASCAL), INT("VMNMX", LAT_INT_MAX, PASCAL),
    /* conversions */
    INT("F2F", LAT_INT_ADD, ALL), INT("F2I", LAT_INT_ADD, ALL), INT("I2F", LAT_INT_ADD, ALL),
    INT("I2I", LAT_INT_ADD, ALL), INT("I2IP", LAT_INT_ADD, ALL), INT("FRND", LAT_INT_ADD, ALL),
    INT("F2FP", LAT_INT_ADD, V80UP), INT("I2FP", LAT_INT_ADD, V80UP), INT("F2IP", LAT_INT_ADD, V80UP),
    /* moves, shuffles, predicates, special registers */
    INT("MOV", LAT_INT_ADD, ALL), INT("MOV32I", LAT_INT_ADD, ALL), INT("PRMT", LAT_INT_ADD, ALL),
    INT("SEL", LAT_INT_ADD, ALL), INT("SGXT", LAT_INT_ADD, ALL), INT("SHFL", LAT_INT_SHFL, ALL),
    INT("MOVM", LAT_INT_ADD, V75UP),
    INT("PLOP3", LAT_INT_ADD, ALL), INT("PSETP", LAT_INT_ADD, ALL), INT("P2R", LAT_INT_ADD, ALL),
    INT("R2P", LAT_INT_ADD, ALL), INT("CSET", LAT_INT_ADD, PASCAL), INT("CSETP", LAT_INT_ADD, PASCAL),
    INT("PSET", LAT_INT_ADD, PASCAL),
    INT("CS2R", LAT_INT_ADD, ALL), INT("S2R", LAT_INT_ADD, ALL), INT("GETLMEMBASE", LAT_INT_ADD, ALL),
    INT("SETLMEMBASE", LAT_INT_ADD, ALL), INT("LEPC", LAT_INT_ADD, ALL), INT("SETCTAID", LAT_INT_ADD, ALL),
    INT("MATCH", LAT_INT_SHFL, ALL), INT("QSPC", LAT_INT_ADD, ALL), INT("SUQUERY", LAT_INT_ADD, ALL),
    /* uniform datapath (Turing+) */
    INT("R2UR", LAT_INT_ADD, V75UP), INT("S2UR", LAT_INT_ADD, V75UP), INT("UBMSK", LAT_INT_ADD, V75UP),
    INT("UBREV", LAT_INT_ADD, V75UP), INT("UCLEA", LAT_INT_ADD, V75UP), INT("UFLO", LAT_INT_ADD, V75UP),
    INT("UIADD3", LAT_INT_ADD, V75UP), INT("UIMAD", LAT_INT_MAD, V75UP), INT("UISETP", LAT_INT_ADD, V75UP),
    INT("ULDC", LAT_INT_ADD, V75UP), INT("ULEA", LAT_INT_ADD, V75UP), INT("ULOP", LAT_INT_ADD, V75UP),
    INT("ULOP3", LAT_INT_ADD, V75UP), INT("ULOP32I", LAT_INT_ADD, V75UP), INT("UMOV", LAT_INT_ADD, V75UP),
    INT("UP2UR", LAT_INT_ADD, V75UP), INT("UPLOP3", LAT_INT_ADD, V75UP), INT("UPOPC", LAT_INT_ADD, V75UP),
    INT("UPRMT", LAT_INT_ADD, V75UP), INT("UPSETP", LAT_INT_ADD, V75UP), INT("UR2UP", LAT_INT_ADD, V75UP),
    INT("USEL", LAT_INT_ADD, V75UP), INT("USGXT", LAT_INT_ADD, V75UP), INT("USHF", LAT_INT_ADD, V75UP),
    INT("USHL", LAT_INT_ADD, V75UP), INT("USHR", LAT_INT_ADD, V75UP),
    INT("REDUX", LAT_INT_ADD, V80UP), INT("UF2FP", LAT_INT_ADD, V80UP),
    /* memory */
    MEM("LD", SPACE_GLOBAL, INST_LOAD, ALL), MEM("ST", SPACE_GLOBAL, INST_STORE, ALL),
    MEM("ATOM", SPACE_GLOBAL, INST_ATOMIC, ALL), MEM("RED", SPACE_GLOBAL, INST_ATOMIC, ALL),
    MEM("LDG", SPACE_GLOBAL, INST_LOAD, ALL), MEM("STG", SPACE_GLOBAL, INST_STORE, ALL),
    MEM("ATOMG", SPACE_GLOBAL, INST_ATOMIC, ALL),
    MEM("LDL", SPACE_LOCAL, INST_LOAD, ALL), MEM("STL", SPACE_LOCAL, INST_STORE, ALL),
    MEM("LDS", SPACE_SHARED, INST_LOAD, ALL), MEM("STS", SPACE_SHARED, INST_STORE, ALL),
    MEM("ATOMS", SPACE_SHARED, INST_ATOMIC, ALL), MEM("LDSM", SPACE_SHARED, INST_LOAD, V75UP),
    MEM("LDC", SPACE_CONST, INST_LOAD, ALL),
    MEM("LDGSTS", SPACE_GLOBAL, INST_LOAD, V80UP), /* global -> shared copy: the addresses are global */
    MEM("MEMBAR", SPACE_NONE, INST_MEMBAR, ALL), MEM("ERRBAR", SPACE_NONE, 0, ALL),
    MEM("CCTL", SPACE_NONE, 0, ALL), MEM("CCTLL", SPACE_NONE, 0, ALL), MEM("CCTLT", SPACE_NONE, 0, ALL),
    MEM("SULD", SPACE_GLOBAL, INST_LOAD, ALL), MEM("SUST", SPACE_GLOBAL, INST_STORE, ALL),
    MEM("SUATOM", SPACE_GLOBAL, INST_ATOMIC, ALL), MEM("SURED", SPACE_GLOBAL, INST_ATOMIC, ALL),
    /* texture */
    MEM("TEX", SPACE_TEX, INST_LOAD, ALL), MEM("TLD", SPACE_TEX, INST_LOAD, ALL),
    MEM("TLD4", SPACE_TEX, INST_LOAD, ALL), MEM("TMML", SPACE_TEX, INST_LOAD, ALL),
    MEM("TXD", SPACE_TEX, INST_LOAD, ALL), MEM("TXQ", SPACE_TEX, INST_LOAD, ALL),
    MEM("TEXS", SPACE_TEX, INST_LOAD, PASCAL), MEM("TLD4S", SPACE_TEX, INST_LOAD, PASCAL),
    MEM("TLDS", SPACE_TEX, INST_LOAD, PASCAL),
    /* control flow and warp/CTA synchronisation */
    CTRL("EXIT", INST_EXIT, ALL), CTRL("BAR", INST_BARRIER, ALL),
    CTRL("BMOV", 0, ALL), CTRL("BPT", 0, ALL), CTRL("BRA", 0, ALL), CTRL("BREAK", 0, ALL),
    CTRL("BRX", 0, ALL), CTRL("BSSY", 0, ALL), CTRL("BSYNC", 0, ALL), CTRL("CALL", 0, ALL),
    CTRL("JMP", 0, ALL), CTRL("JMX", 0, ALL), CTRL("KILL", 0, ALL), CTRL("NANOSLEEP", 0, ALL),
    CTRL("RET", 0, ALL), CTRL("RPCMOV", 0, ALL), CTRL("RTT", 0, ALL), CTRL("WARPSYNC", 0, ALL),
    CTRL("YIELD", 0, ALL), CTRL("B2R", 0, ALL), CTRL("R2B", 0, ALL), CTRL("DEPBAR", 0, ALL),
    CTRL("NOP", 0, ALL), CTRL("PMTRIG", 0, ALL), CTRL("CSMTEST", 0, ALL), CTRL("VOTE", 0, ALL),
    CTRL("VOTE_VTG", 0, ALL),
    CTRL("BRXU", 0, V75UP), CTRL("JMXU", 0, V75UP), CTRL("VOTEU", 0, V75UP),
    CTRL("LDGDEPBAR", 0, V80UP),
    CTRL("SSY", 0, PASCAL), CTRL("SYNC", 0, PASCAL), CTRL("BRK", 0, PASCAL), CTRL("PBK", 0, PASCAL),
    CTRL("CONT", 0, PASCAL), CTRL("PCNT", 0, PASCAL), CTRL("CAL", 0, PASCAL), CTRL("JCAL", 0, PASCAL),
    CTRL("PRET", 0, PASCAL), CTRL("PEXIT", 0, PASCAL),
};

static unsigned arch_of(unsigned binary_version)
{
    switch (binary_version) {
    case 60: case 61: return PASCAL;
    case 70: return VOLTA;
    case 75: return TURING;
    case 80: case 86: return AMPERE;
    default: return 0;
    }
}

bool sass_version_supported(unsigned binary_version) { return arch_of(binary_version) != 0; }

/* Length of the base opcode: the text before the first '.'. */
static size_t base_len(const char *opcode)
{
    const char *dot = strchr(opcode, '.');
    return dot ? (size_t)(dot - opcode) : strlen(opcode);
}

static bool base_is(const char *opcode, size_t n, const char *name)
{
    return strlen(name) == n && memcmp(opcode, name, n) == 0;
}

/* BAR waits only in its SYNC and RED forms (and bare BAR); BAR.ARV, BAR.SCAN
 * and friends signal arrival without waiting. */
static bool bar_waits(const char *opcode, size_t n)
{
    const char *suffix = opcode + n;
    if (*suffix == '\0')
        return true;
    suffix++;
    return strncmp(suffix, "SYNC", 4) == 0 || strncmp(suffix, "RED", 3) == 0;
}

bool sass_lookup(unsigned binary_version, const char *opcode, sass_op_info_t *out)
{
    unsigned arch = arch_of(binary_version);
    if (!arch || !opcode)
        return false;
    size_t n = base_len(opcode);
    if (n == 0)
        return false;
    /* ~250 rows; the trace reader caches results per opcode string, so a
     * linear scan with a first-letter filter is plenty */
    for (size_t i = 0; i < CS_ARRAY_LEN(sass_table); i++) {
        const sass_row_t *row = &sass_table[i];
        if (row->name[0] != opcode[0] || !(row->archs & arch) || !base_is(opcode, n, row->name))
            continue;
        out->unit = row->unit;
        out->lat = row->lat;
        out->space = row->space;
        out->flags = row->flags;
        if ((row->flags & INST_BARRIER) && !bar_waits(opcode, n))
            out->flags &= (uint8_t)~INST_BARRIER;
        return true;
    }
    return false;
}

bool sass_is_generic_memory(const char *opcode)
{
    size_t n = base_len(opcode);
    return base_is(opcode, n, "LD") || base_is(opcode, n, "ST") || base_is(opcode, n, "ATOM") ||
           base_is(opcode, n, "RED");
}

/* A dot-part giving an access width: "64", "U16", "S8", "F64" -> bits; 0 if not one. */
static unsigned part_bits(const char *p, size_t n)
{
    if (n > 0 && (p[0] == 'U' || p[0] == 'S' || p[0] == 'F')) {
        p++;
        n--;
    }
    if (n == 0 || n > 3)
        return 0;
    unsigned v = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9')
            return 0;
        v = v * 10 + (unsigned)(p[i] - '0');
    }
    return (v == 8 || v == 16 || v == 32 || v == 64 || v == 128) ? v : 0;
}

unsigned sass_access_size(const char *opcode)
{
    size_t n = base_len(opcode);
    if (base_is(opcode, n, "LDSM")) {
        /* LDSM.16.M88.<k> loads k 8x8 matrices of 16-bit values: 4 bytes per lane each */
        const char *last = strrchr(opcode, '.');
        if (last && last != opcode + n) {
            unsigned k = 0;
            const char *p = last + 1;
            for (; *p >= '0' && *p <= '9' && k < 100; p++)
                k = k * 10 + (unsigned)(*p - '0');
            if (*p == '\0' && (k == 1 || k == 2 || k == 4))
                return 4 * k;
        }
        return 4;
    }
    const char *p = opcode + n;
    while (*p == '.') {
        const char *part = p + 1;
        const char *next = strchr(part, '.');
        size_t len = next ? (size_t)(next - part) : strlen(part);
        unsigned bits = part_bits(part, len);
        if (bits)
            return bits / 8;
        p = part + len;
    }
    return 4;
}

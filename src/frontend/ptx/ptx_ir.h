/* ptx_ir.h — the decoded form of a PTX module.
 *
 * The parser (ptx_parse.c) turns PTX text into this IR once; the interpreter
 * (ptx_exec.c) never looks at strings again. Per function:
 *   - a flat register file: every `.reg` (including each member of a
 *     `%r<42>` range and predicates) gets one 64-bit slot index;
 *   - an array of instructions whose operands are already resolved to
 *     register indices, immediates (raw bits), special registers, symbols or
 *     branch targets (instruction indices);
 *   - `.local` arrays and function-scope `.param` variables laid out in a
 *     per-thread frame (byte offsets);
 *   - the CFG's immediate post-dominator for each branch (ptx_cfg.c).
 * Module-level .global/.const variables are placed in device memory by
 * ptx_module_bind(); .shared variables get offsets in the CTA's shared window.
 */
#ifndef CTASIM_PTX_IR_H
#define CTASIM_PTX_IR_H

#include "util/common.h"
#include "frontend/inst.h"

/* ------------------------------------------------------------------ types */

enum ptx_type {
    PT_NONE = 0,
    PT_B8, PT_B16, PT_B32, PT_B64, PT_B128,
    PT_U8, PT_U16, PT_U32, PT_U64,
    PT_S8, PT_S16, PT_S32, PT_S64,
    PT_F16, PT_F16X2, PT_F32, PT_F64,
    PT_PRED,
    PT__COUNT
};

enum ptx_type_kind { TK_BITS, TK_UNSIGNED, TK_SIGNED, TK_FLOAT, TK_PRED };

/* Size and kind of every type: a table in ptx_ir.c, read through inline
 * helpers because the interpreter asks once per lane of most instructions. */
typedef struct ptx_type_info {
    const char *name;
    uint8_t size; /* bytes; pred = 1 */
    uint8_t kind; /* enum ptx_type_kind */
} ptx_type_info_t;
extern const ptx_type_info_t ptx_type_table[PT__COUNT];

static inline unsigned ptx_type_size(enum ptx_type t) { return (unsigned)t < PT__COUNT ? ptx_type_table[t].size : 0; }
static inline enum ptx_type_kind ptx_type_kind(enum ptx_type t)
{
    return (unsigned)t < PT__COUNT ? (enum ptx_type_kind)ptx_type_table[t].kind : TK_BITS;
}
/* The type named by s[0..n) ("u32", "f64", ...), PT_NONE if none. */
enum ptx_type ptx_type_from_name(const char *s, size_t n);
const char *ptx_type_name(enum ptx_type t);

/* State spaces (instruction modifiers and variable declarations). */
enum ptx_space {
    PS_GENERIC = 0, PS_GLOBAL, PS_SHARED, PS_LOCAL, PS_CONST, PS_PARAM, PS_REG,
    /* .shared::cluster: distributed shared memory, any CTA of the cluster.
     * Such an address is the offset in the target CTA's window with the
     * target's rank + 1 in the bits from PTX_DSMEM_RANK_SHIFT up (0 there:
     * the executing CTA, so every .shared::cta address is one too). */
    PS_SHARED_CLUSTER,
};
#define PTX_DSMEM_RANK_SHIFT 24

/* -------------------------------------------------------------- opcodes */

#define PTX_OPCODES(X)                                                              \
    X(MOV, "mov") X(LD, "ld") X(LDU, "ldu") X(ST, "st") X(ADD, "add") X(SUB, "sub") \
    X(MUL, "mul") X(MAD, "mad") X(MUL24, "mul24") X(MAD24, "mad24") X(SAD, "sad")   \
    X(FMA, "fma") X(SETP, "setp") X(SET, "set") X(SELP, "selp") X(SLCT, "slct")     \
    X(BRA, "bra") X(CVT, "cvt") X(CVTA, "cvta") X(SHL, "shl") X(SHR, "shr")         \
    X(AND, "and") X(OR, "or") X(XOR, "xor") X(NOT, "not") X(CNOT, "cnot")           \
    X(NEG, "neg") X(ABS, "abs") X(MIN, "min") X(MAX, "max") X(DIV, "div")           \
    X(REM, "rem") X(RCP, "rcp") X(SQRT, "sqrt") X(RSQRT, "rsqrt") X(EX2, "ex2")     \
    X(LG2, "lg2") X(SIN, "sin") X(COS, "cos") X(TANH, "tanh") X(ATOM, "atom")       \
    X(RED, "red") X(BAR, "bar") X(BARRIER, "barrier") X(RET, "ret") X(EXIT, "exit") \
    X(CALL, "call") X(SHFL, "shfl") X(VOTE, "vote") X(POPC, "popc") X(CLZ, "clz")   \
    X(BREV, "brev") X(BFE, "bfe") X(BFI, "bfi") X(BFIND, "bfind") X(PRMT, "prmt")   \
    X(TESTP, "testp") X(COPYSIGN, "copysign") X(MEMBAR, "membar")                   \
    X(FENCE, "fence") X(ACTIVEMASK, "activemask") X(NOP, "nop")                     \
    X(PREFETCH, "prefetch") X(TRAP, "trap") X(SHF, "shf")                           \
    X(ADDC, "addc") X(SUBC, "subc") X(MADC, "madc")                                 \
    X(MMA, "mma") X(WMMA, "wmma")                                                   \
    X(WMMA_ST, "wmma.store") /* set by the parser for wmma.store (no destination) */ \
    X(MAPA, "mapa")                                                                 \
    X(MATCH, "match") X(REDUX, "redux") X(CP, "cp")                                 \
    X(BAR_RED, "bar.red") /* set by the parser for bar.red / barrier.red */

enum ptx_opcode {
#define PTX_OP_ENUM(e, s) OP_##e,
    PTX_OPCODES(PTX_OP_ENUM)
#undef PTX_OP_ENUM
    OP__COUNT
};

/* Whether an instruction's first operand is its destination (a register it
 * writes): every opcode but stores, reductions, control flow, barriers,
 * fences, prefetches and no-ops. Shared by the timing template, the
 * register count and the register renaming, which must agree. */
static inline int ptx_op_writes_first_operand(enum ptx_opcode op)
{
    switch (op) {
    case OP_ST: case OP_RED: case OP_BRA: case OP_CALL: case OP_RET: case OP_EXIT: case OP_BAR:
    case OP_BARRIER: case OP_MEMBAR: case OP_FENCE: case OP_NOP: case OP_PREFETCH: case OP_TRAP: case OP_WMMA_ST:
    case OP_CP:
        return 0;
    default:
        return 1;
    }
}

const char *ptx_opcode_name(enum ptx_opcode op);

/* Comparison operators of setp/set/slct. */
enum ptx_cmp {
    CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE,
    CMP_LO, CMP_LS, CMP_HI, CMP_HS,
    CMP_EQU, CMP_NEU, CMP_LTU, CMP_LEU, CMP_GTU, CMP_GEU, CMP_NUM, CMP_NAN,
};

enum ptx_bool_op { BOOL_NONE, BOOL_AND, BOOL_OR, BOOL_XOR };

/* Rounding modifiers: .rn .rz .rm .rp (float result) and .rni .rzi .rmi .rpi
 * (round to integral). RND_NONE = the instruction's default. */
enum ptx_rnd { RND_NONE, RND_RN, RND_RZ, RND_RM, RND_RP, RND_RNI, RND_RZI, RND_RMI, RND_RPI };

/* Sub-operation of atom/red (also reused for shfl and vote modes). */
enum ptx_subop {
    SUB_NONE = 0,
    ATOM_ADD, ATOM_MIN, ATOM_MAX, ATOM_EXCH, ATOM_CAS, ATOM_AND, ATOM_OR, ATOM_XOR, ATOM_INC, ATOM_DEC,
    SHFL_UP, SHFL_DOWN, SHFL_BFLY, SHFL_IDX,
    VOTE_ALL, VOTE_ANY, VOTE_UNI, VOTE_BALLOT,
    TESTP_FINITE, TESTP_INFINITE, TESTP_NUMBER, TESTP_NOTANUMBER, TESTP_NORMAL, TESTP_SUBNORMAL,
    PRMT_F4E, PRMT_B4E, PRMT_RC8, PRMT_ECL, PRMT_ECR, PRMT_RC16,
    SHF_L, SHF_R, /* funnel shift direction */
    MMA_M16N8K16, MMA_M16N8K8, MMA_M16N8K4, /* mma.sync shape (ptx_mma.h) */
    WMMA_LOAD_A, WMMA_LOAD_B, WMMA_LOAD_C, WMMA_STORE_D, WMMA_MMA, /* wmma.* (ptx_mma.h) */
    /* barrier.cluster: BAR_CLUSTER while parsing, then .arrive or .wait */
    BAR_CLUSTER, BAR_CLUSTER_ARRIVE, BAR_CLUSTER_WAIT,
    /* bar.red's reduction: .popc.u32, .and.pred, .or.pred */
    BAR_RED_POPC, BAR_RED_AND, BAR_RED_OR,
    /* cp.async (the copy), cp.async.commit_group, cp.async.wait_group N / .wait_all */
    CP_ASYNC, CP_ASYNC_COMMIT, CP_ASYNC_WAIT, CP_ASYNC_WAIT_ALL,
    /* match.sync's .any / .all and redux.sync's operations reuse VOTE_ANY/VOTE_ALL and ATOM_* */
};

/* Instruction flags (ptx_inst.flags). */
#define PF_FTZ    0x0001u
#define PF_SAT    0x0002u
#define PF_APPROX 0x0004u
#define PF_WIDE   0x0008u
#define PF_HI     0x0010u
#define PF_LO     0x0020u
#define PF_UNI    0x0040u
#define PF_TO     0x0080u /* cvta.to.<space> */
#define PF_SHIFTAMT 0x0100u /* bfind.shiftamt */
#define PF_FULL   0x0200u /* div.full.f32 */
#define PF_KPARAM 0x0400u /* ld.param of a kernel parameter (constant bank in SASS) */
#define PF_CC     0x0800u /* .cc: writes the carry flag CC.CF (add, sub, mad and addc, subc, madc read it) */
#define PF_NOUNROLL 0x1000u /* first instruction after .pragma "nounroll" (a loop header) */
#define PF_WRAP   0x2000u /* shf.wrap: shift amount mod 32 */
#define PF_CLAMP  0x4000u /* shf.clamp: shift amount clamped to 32 */

/* ------------------------------------------------------------- operands */

enum ptx_operand_kind {
    OPK_NONE = 0,
    OPK_REG,    /* reg */
    OPK_IMM,    /* imm: raw bits (floats already converted to the instruction's type) */
    OPK_SREG,   /* sreg: special register id (enum ptx_sreg) */
    OPK_SYM,    /* the address of symbol `sym` plus imm (a value, e.g. mov %r, sym) */
    OPK_ADDR,   /* memory address: [reg + imm] (reg = PTX_NO_REG for absent) or [sym + imm] */
    OPK_VEC,    /* {vec[0..nvec-1]}: registers; PTX_NO_REG = the sink `_` */
    OPK_LABEL,  /* branch target: instruction index in imm */
    OPK_FUNC,   /* call target: function index in imm */
    OPK_PARAMS, /* a call's parenthesised list: nvec param symbols at f->call_syms[imm] */
};

enum ptx_sreg {
    SR_TID_X, SR_TID_Y, SR_TID_Z, SR_NTID_X, SR_NTID_Y, SR_NTID_Z,
    SR_CTAID_X, SR_CTAID_Y, SR_CTAID_Z, SR_NCTAID_X, SR_NCTAID_Y, SR_NCTAID_Z,
    SR_LANEID, SR_WARPID, SR_NWARPID, SR_SMID, SR_NSMID, SR_GRIDID,
    SR_CLOCK, SR_CLOCK64, SR_LANEMASK_EQ, SR_LANEMASK_LT, SR_LANEMASK_LE,
    SR_LANEMASK_GT, SR_LANEMASK_GE, SR_DYN_SMEM, SR_TOTAL_SMEM,
    /* thread block clusters (sm_90) */
    SR_CLUSTERID_X, SR_CLUSTERID_Y, SR_CLUSTERID_Z, SR_NCLUSTERID_X, SR_NCLUSTERID_Y, SR_NCLUSTERID_Z,
    SR_CLUSTER_CTAID_X, SR_CLUSTER_CTAID_Y, SR_CLUSTER_CTAID_Z,
    SR_CLUSTER_NCTAID_X, SR_CLUSTER_NCTAID_Y, SR_CLUSTER_NCTAID_Z,
    SR_CLUSTER_CTARANK, SR_CLUSTER_NCTARANK, SR_IS_EXPLICIT_CLUSTER,
    SR__COUNT
};

#define PTX_NO_REG 0xffffffffu
#define PTX_NO_SYM 0xffffffffu
#define PTX_MAX_OPS 6
#define PTX_MAX_VEC 8 /* elements of a {vector} operand: 4, or 8 for wmma fragments */

typedef struct ptx_operand {
    uint8_t kind;   /* enum ptx_operand_kind */
    uint8_t nvec;   /* OPK_VEC / OPK_PARAMS element count */
    uint8_t neg;    /* `!%p` as a source predicate */
    uint8_t _pad;
    uint32_t reg;   /* OPK_REG, OPK_ADDR base register, OPK_SREG id */
    uint32_t sym;   /* OPK_SYM / OPK_ADDR symbol id (PTX_NO_SYM if none) */
    uint32_t vec[PTX_MAX_VEC];
    int64_t imm;
} ptx_operand_t;

/* ---------------------------------------------------------- instructions */

typedef struct ptx_inst {
    uint8_t op;        /* enum ptx_opcode */
    uint8_t type;      /* enum ptx_type: the instruction type (dest type for cvt) */
    uint8_t type2;     /* cvt source type; setp/set compare type = type */
    uint8_t space;     /* enum ptx_space of ld/st/atom/red/cvta */
    uint8_t cmp;       /* enum ptx_cmp */
    uint8_t bool_op;   /* enum ptx_bool_op (setp/set) */
    uint8_t rnd;       /* enum ptx_rnd */
    uint8_t subop;     /* enum ptx_subop */
    uint8_t vec;       /* 1, 2 or 4 (ld/st .v2/.v4) */
    uint8_t nops;
    uint8_t guard_neg; /* @!%p */
    uint8_t fast;      /* interpreter fast path (ptx_exec_classify), 0 = the general one */
    uint16_t flags;    /* PF_* */
    uint8_t abtype;    /* mma: enum ptx_mma_input of A and B (ptx_mma.h) */
    uint8_t mma_state; /* mma: layouts and types seen while decoding (ptx_mma.c) */
    uint8_t fneg;      /* fma made by contraction (ptx_contract.c): PTX_FNEG_* negations */
    uint32_t guard;    /* guard predicate register or PTX_NO_REG */
    uint32_t line;     /* source line for errors */
    uint32_t ipdom;    /* for branches: reconvergence instruction index (n_insts = function exit) */
    ptx_operand_t ops[PTX_MAX_OPS];
    warp_inst_t timing; /* unit, latency class, space, flags, access size, registers */
} ptx_inst_t;

/* -------------------------------------------------------------- symbols */

typedef struct ptx_symbol {
    char *name;
    uint8_t space;       /* PS_GLOBAL/PS_CONST/PS_SHARED/PS_LOCAL/PS_PARAM */
    uint8_t is_extern;   /* .extern .shared: dynamic shared memory */
    uint8_t kernel_param;/* a parameter of an .entry (lives in the launch's param buffer) */
    uint8_t _pad;
    uint32_t align;
    uint64_t size;       /* bytes */
    uint64_t offset;     /* shared: window offset; local/param: frame offset; kernel param: buffer offset */
    uint64_t addr;       /* global/const: device address after ptx_module_bind */
    uint8_t *init;       /* initial bytes (size bytes) or NULL = zeros */
    /* initialiser entries that are addresses of other symbols: patched at bind */
    uint32_t n_relocs;
    struct ptx_reloc { uint64_t at; uint32_t sym; uint32_t width; int64_t addend; } *relocs;
    enum ptx_type type;  /* element type as declared */
} ptx_symbol_t;

typedef struct ptx_function {
    char *name;
    bool is_kernel;
    bool defined;        /* has a body (not just a prototype) */
    uint32_t n_insts;
    ptx_inst_t *insts;
    uint32_t n_regs;     /* flat register file size (64-bit slots) */
    uint8_t *reg_types;  /* enum ptx_type per register (for wide-register reads) */
    uint64_t frame_bytes;/* per-thread local frame: .local arrays + .param variables */
    /* formal parameters (symbol ids), in order */
    uint32_t n_params, n_rets;
    uint32_t *params, *rets;
    uint64_t param_bytes;/* kernels: size of the parameter buffer */
    uint32_t maxntid[3], reqntid[3];
    uint32_t maxnreg;       /* .maxnreg N (0: none): ptxas allocates at most N registers */
    uint32_t reqncluster[3];/* .reqnctapercluster X,Y,Z (0: none): the launch's cluster shape */
    bool explicit_cluster;  /* .explicitcluster: must be launched with a cluster shape */
    uint32_t maxclusterrank;/* .maxclusterrank N (0: none): CTAs per cluster at most */
    uint32_t line;
    /* call argument lists: OPK_PARAMS operands index this pool (imm = start) */
    uint32_t n_call_syms;
    uint32_t *call_syms;
    uint64_t code_base;  /* pc of instruction 0 (instructions are 16 bytes apart, as SASS) */
    /* the interpreter's copy of insts with registers renamed to shared slots
     * (ptx_slots.c); NULL: it runs insts with n_regs slots */
    ptx_inst_t *xinsts;
    uint32_t n_slots;
    uint32_t n_contracted; /* adds fused with their mul in xinsts (ptx_contract.c) */
} ptx_function_t;

struct ptx_regs; /* ptx_regs.h */

typedef struct ptx_module {
    char *filename;
    bool from_file;               /* parsed by ptx_parse_file (filename is the PTX's path) */
    uint64_t source_hash;         /* FNV-1a 64 of the PTX text (keys the ptxas cache) */
    char target[32];              /* first word of .target (e.g. "sm_75"), "" if none */
    uint32_t n_funcs;
    ptx_function_t *funcs;
    uint32_t n_syms;
    ptx_symbol_t *syms;
    uint64_t static_shared_bytes; /* all static .shared variables, laid out */
    uint32_t dyn_shared_align;    /* .extern .shared alignment */
    bool bound;                   /* globals placed in device memory */
    /* a debug hook for tests: when debug_bias != 0, every executed instruction
     * with opcode debug_op (and type debug_type, PT_NONE = any) gets debug_bias
     * added to its result. Lets the end-to-end tests prove the output checks
     * catch a wrong opcode. */
    int32_t debug_op; /* -1 = off */
    uint8_t debug_type;
    int32_t debug_bias;
    /* CTASIM_PTX_APPROX (ptx_approx.c): 0 = the correctly rounded value for
     * every .approx instruction, -1 / +1 = the lowest / highest value the PTX
     * ISA's error bound allows, to prove a check holds on any GPU */
    int8_t approx_edge;
    /* per function: registers and static shared memory once decided
     * (ptx_kernel_regs), NULL until the first launch asks */
    struct ptx_regs *regs_memo;
} ptx_module_t;

/* Parse PTX text (len bytes, need not be NUL-terminated). `filename` names the
 * source in error messages. Returns NULL with err set on any error. */
ptx_module_t *ptx_parse(const char *filename, const char *text, size_t len, cs_error_t *err);
ptx_module_t *ptx_parse_file(const char *path, cs_error_t *err);
void ptx_module_free(ptx_module_t *m);

/* Test hook: perturb "op" or "op.type" (e.g. "add.f32") by bias; 0 = off. -1 if unknown. */
int ptx_debug_perturb(ptx_module_t *m, const char *opcode, int32_t bias);

/* Function index by name or -1. */
int ptx_find_function(const ptx_module_t *m, const char *name);
/* Symbol index of a module-scope variable by name or -1. */
int ptx_find_symbol(const ptx_module_t *m, const char *name);

/* ptx_cfg.c: fill ipdom of every branch of f (immediate post-dominator of the
 * branch's basic block, as an instruction index; f->n_insts = exit). */
void ptx_cfg_compute_ipdom(ptx_function_t *f);

/* ptx_timing.c: the timing-model view of one instruction (everything in
 * warp_inst_t except pc, active_mask and addr). */
void ptx_timing_template(const ptx_module_t *m, const ptx_function_t *f, const ptx_inst_t *in, warp_inst_t *out);

/* ptx_slots.c: fill f->xinsts and f->n_slots (after ptx_exec_classify and
 * ptx_contract: renames the contracted copy when there is one). */
void ptx_assign_slots(ptx_function_t *f);

/* ptx_contract.c: fuse mul + add/sub pairs into fma in the interpreter's
 * copy (f->xinsts, created on the first fusion; call before
 * ptx_assign_slots) as the GPU's code generator may. Returns the number of
 * adds fused. */
enum ptx_contract_mode { PTX_CONTRACT_FIRST, PTX_CONTRACT_SECOND, PTX_CONTRACT_OFF };
#define PTX_FNEG_PRODUCT 1u /* fma(-a, b, c) */
#define PTX_FNEG_ADDEND 2u  /* fma(a, b, -c) */
/* The float rules' readings from the environment: CTASIM_PTX_CONTRACT
 * (first, second, off) and CTASIM_PTX_APPROX (exact, low, high: 0, -1, +1);
 * -1 with err set on any other value. */
int ptx_float_rules_from_env(enum ptx_contract_mode *contract, int8_t *approx_edge, cs_error_t *err);
uint32_t ptx_contract(ptx_function_t *f, enum ptx_contract_mode mode);

/* ptx_approx.c: the result of an .approx f32 instruction moved to the edge
 * of the ISA's error bound in direction dir (exact_r: the correctly rounded
 * result of op on a). */
float ptx_approx_edge(enum ptx_opcode op, float a, float exact_r, int dir);

/* ptx_exec.c: choose in->fast, the interpreter's specialised loop for this
 * instruction's opcode, type and operand kinds (once, after parsing). */
void ptx_exec_classify(ptx_inst_t *in);

#endif

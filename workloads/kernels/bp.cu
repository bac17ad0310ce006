// bp.cu — BP: back propagation as Rodinia's backprop, two kernels.
//  bp_layerforward: one 16x16 CTA per group of 16 input units; each thread
//    multiplies one weight w[in][hid] by its input unit, then a shared-memory
//    tree reduction over the 16 input rows (4 barrier-separated steps) gives
//    the CTA's partial sum for each of the 16 hidden units.
//  bp_adjust_weights: one thread per weight, w += eta*delta*ly + momentum*oldw
//    (write-heavy, little inter-CTA reuse).
// Weights are (in+1) x (hid+1), row 0 / column 0 being the bias entries as in
// Rodinia; hid is fixed at 16.
#define BP_H 16
#define BP_ETA 0.3f
#define BP_MOMENTUM 0.3f

extern "C" __global__ void bp_layerforward(const float *input, float *w, float *partial, int in)
{
    __shared__ float node[BP_H];
    __shared__ float prod[BP_H][BP_H];
    int tx = threadIdx.x, ty = threadIdx.y, b = blockIdx.x;
    int row = b * BP_H + ty + 1;                  // input unit (1-based, 0 is the bias)
    int idx = row * (BP_H + 1) + tx + 1;          // weight in -> hidden tx+1
    if (tx == 0)
        node[ty] = input[row];
    __syncthreads();
    float wv = w[idx];
    prod[ty][tx] = wv * node[ty];
    __syncthreads();
    for (int step = 1; step < BP_H; step *= 2) {
        if ((ty & (2 * step - 1)) == 0)
            prod[ty][tx] += prod[ty + step][tx];
        __syncthreads();
    }
    // Rodinia writes the product back into the weight matrix; so do we.
    w[idx] = prod[ty][tx];
    if (ty == 0)
        partial[b * BP_H + tx] = prod[0][tx];
}

extern "C" __global__ void bp_adjust_weights(const float *delta, const float *ly, float *w, float *oldw, int in)
{
    int tx = threadIdx.x, ty = threadIdx.y, b = blockIdx.x;
    int row = b * BP_H + ty + 1;
    int idx = row * (BP_H + 1) + tx + 1;
    float d = BP_ETA * delta[tx + 1] * ly[row] + BP_MOMENTUM * oldw[idx];
    w[idx] += d;
    oldw[idx] = d;
    __syncthreads();
    if (ty == 0 && b == 0) {  // bias row
        float e = BP_ETA * delta[tx + 1] + BP_MOMENTUM * oldw[tx + 1];
        w[tx + 1] += e;
        oldw[tx + 1] = e;
    }
}

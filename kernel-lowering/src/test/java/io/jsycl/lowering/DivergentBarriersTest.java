package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.GroupOp;
import io.jsycl.NdItemKernel;
import io.jsycl.WideAccess;
import org.junit.jupiter.api.Test;

/**
 * Checked nd-range kernels whose barriers (or group operations) a work-item reaches or not by its id are refused with
 * the barrier's line and the deciding branch's; barriers every work-item reaches, whatever branches come before them,
 * lower as before; unchecked kernels are not analysed.
 */
class DivergentBarriersTest {
    private static LoweredKernel lowerChecked(NdItemKernel k) {
        return KernelLowerer.lower(Lambdas.request(k, KernelShape.ND_ITEM, 1, true, null));
    }

    private static NdItemKernel barrierInABranchOnTheLocalId() {
        return it -> {
            if (it.localId(0) < 128) {
                it.barrier();
            }
        };
    }

    @Test
    void aBarrierInABranchOnTheLocalIdIsRefusedNamingBothLines() {
        assertThatThrownBy(() -> lowerChecked(barrierInABranchOnTheLocalId()))
                .isInstanceOf(LoweringException.class)
                .hasMessageContaining("DivergentBarriersTest.java:24")
                .hasMessageContaining("the branch at line 23")
                .hasMessageContaining("is divergent")
                .hasMessageContaining("Call the barrier outside the branch");
    }

    @Test
    void uncheckedKernelsAreNotAnalysed() {
        assertThat(Lambdas.lowerNd(1, barrierInABranchOnTheLocalId()).usesBarrier()).isTrue();
    }

    @Test
    void anEarlyReturnOfTheWorkItemsPastTheEndIsRefused() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        int n = 1000;
        assertThatThrownBy(() -> lowerChecked(it -> {
            int i = it.globalId(0);
            if (i >= n) {
                return;
            }
            out.set(i, 1);
            it.barrier();
        })).isInstanceOf(LoweringException.class).hasMessageContaining("is divergent");
    }

    @Test
    void aConditionComputedFromTheIdInLocalsIsFollowed() {
        var data = Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE");
        assertThatThrownBy(() -> lowerChecked(it -> {
            int lane = it.localId(0) % 32;
            boolean leader = lane == 0;
            int v = data.get(it.globalId(0));
            if (leader) {
                v = it.reduceOverGroup(v, GroupOp.SUM);
            }
            data.set(it.globalId(0), v);
        })).isInstanceOf(LoweringException.class).hasMessageContaining("is divergent");
    }

    @Test
    void aGridStrideLoopAroundABarrierIsRefused() {
        var data = Faces.accessor(WideAccess.OfFloat.class, 1, "READ_WRITE");
        int n = 1 << 20;
        assertThatThrownBy(() -> lowerChecked(it -> {
            for (int i = it.globalId(0); i < n; i += it.globalRange(0)) {
                data.set(i, data.get(i) * 2f);
                it.barrier();
            }
        })).isInstanceOf(LoweringException.class).hasMessageContaining("a trip count the whole group shares");
    }

    @Test
    void aTreeReductionWhoseBranchesJoinBeforeEachBarrierLowers() {
        var data = Faces.accessor(WideAccess.OfFloat.class, 1, "READ_WRITE");
        var tile = Faces.local(WideAccess.OfFloat.class, 1);
        LoweredKernel k = lowerChecked(it -> {
            int lid = it.localId(0);
            tile.set(lid, data.get(it.globalId(0)));
            it.barrier();
            for (int s = it.localRange(0) / 2; s > 0; s /= 2) {
                if (lid < s) {
                    tile.set(lid, tile.get(lid) + tile.get(lid + s));
                }
                it.barrier();
            }
            if (lid == 0) {
                data.set(it.groupId(0), tile.get(0));
            }
        });
        assertThat(k.usesBarrier()).isTrue();
    }

    @Test
    void aBarrierInABranchTheWholeGroupTakesAlikeLowers() {
        var data = Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE");
        int rounds = 3;
        LoweredKernel k = lowerChecked(it -> {
            if (it.groupId(0) % 2 == 0 && rounds > 1) {
                data.set(it.globalId(0), 1);
                it.barrier();
            }
            int first = data.get(0); // an element every work-item reads alike
            if (first > 0) {
                it.barrier();
            }
        });
        assertThat(k.usesBarrier()).isTrue();
    }

    /** One sub-group polls with votes until a lane sees a value; the others wait at the barrier after the branch. */
    private static NdItemKernel oneSubGroupPolls(WideAccess.OfInt flags) {
        return it -> {
            if (it.subGroupId() == 0) {
                boolean found = false;
                while (!found) {
                    found = it.subGroupBallot(flags.get(it.subGroupLocalId()) != 0) != 0;
                }
            }
            it.barrier();
        };
    }

    /** The same where sub-groups are warps, and the work-group form otherwise. */
    private static NdItemKernel oneSubGroupPollsWhereWarps(WideAccess.OfInt flags) {
        return it -> {
            if (it.subGroupsAreWarps()) {
                if (it.subGroupId() == 0) {
                    boolean found = false;
                    while (!found) {
                        found = it.subGroupBallot(flags.get(it.subGroupLocalId()) != 0) != 0;
                    }
                }
            } else {
                while (flags.get(0) == 0) {
                    it.barrier();
                }
            }
            it.barrier();
        };
    }

    @Test
    void votesOfOneSubGroupInALoopOnWhatItReadsAreRefusedOutsideTheWarpBranch() {
        var flags = Faces.accessor(WideAccess.OfInt.class, 1, "READ");
        assertThatThrownBy(() -> lowerChecked(oneSubGroupPolls(flags)))
                .isInstanceOf(LoweringException.class).hasMessageContaining("is divergent");
    }

    @Test
    void votesOfOneSubGroupInALoopLowerInsideTheWarpBranch() {
        var flags = Faces.accessor(WideAccess.OfInt.class, 1, "READ");
        LoweredKernel k = lowerChecked(oneSubGroupPollsWhereWarps(flags));
        assertThat(k.source()).contains("#define JSYCL_SG_WARPS 1", "#define JSYCL_SG_WARPS 0",
                "if (JSYCL_SG_WARPS");
    }

    @Test
    void aWorkGroupBarrierInsideTheWarpBranchIsStillChecked() {
        var flags = Faces.accessor(WideAccess.OfInt.class, 1, "READ");
        assertThatThrownBy(() -> lowerChecked(it -> {
            if (it.subGroupsAreWarps()) {
                if (flags.get(it.localId(0)) != 0) {
                    it.barrier();
                }
            }
        })).isInstanceOf(LoweringException.class).hasMessageContaining("is divergent");
    }

    @Test
    void aVoteThatOnlySomeLanesReachInsideTheWarpBranchIsRefused() {
        var flags = Faces.accessor(WideAccess.OfInt.class, 1, "READ");
        assertThatThrownBy(() -> lowerChecked(it -> {
            if (it.subGroupsAreWarps()) {
                int lane = it.subGroupLocalId();
                if (lane < 16) {
                    it.subGroupBallot(flags.get(lane) != 0);
                }
            }
        })).isInstanceOf(LoweringException.class).hasMessageContaining("is divergent within its warp")
                .hasMessageContaining("Branch on what the whole sub-group shares");
    }

    @Test
    void aLoopOnTheSubGroupsOwnVotesAndAShuffleAfterALaneBranchLower() {
        var flags = Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE");
        LoweredKernel k = lowerChecked(it -> {
            if (it.subGroupsAreWarps()) {
                int lane = it.subGroupLocalId();
                int sum = 0;
                for (int base = 0; it.subGroupBallot(flags.get(base + lane) != 0) == 0; base += 32) {
                    int v = lane < 8 ? flags.get(base + lane) : 0; // a lane branch that joins before the shuffle
                    sum += v + it.shuffleDown(v, 1);
                }
                if (lane == 0) {
                    flags.set(0, sum);
                }
            }
            it.barrier();
        });
        assertThat(k.usesBarrier()).isTrue();
    }
}

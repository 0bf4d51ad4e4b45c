package mpi;

/** The mpiJava 1.2 entry class: constants, datatypes and the process-wide calls. */
public class MPI {
    public static final Datatype BYTE = new Datatype("BYTE", Datatype.Base.BYTE, 1);
    public static final Datatype CHAR = new Datatype("CHAR", Datatype.Base.CHAR, 1);
    public static final Datatype SHORT = new Datatype("SHORT", Datatype.Base.SHORT, 1);
    public static final Datatype BOOLEAN = new Datatype("BOOLEAN", Datatype.Base.BOOLEAN, 1);
    public static final Datatype INT = new Datatype("INT", Datatype.Base.INT, 1);
    public static final Datatype LONG = new Datatype("LONG", Datatype.Base.LONG, 1);
    public static final Datatype FLOAT = new Datatype("FLOAT", Datatype.Base.FLOAT, 1);
    public static final Datatype DOUBLE = new Datatype("DOUBLE", Datatype.Base.DOUBLE, 1);
    public static final Datatype OBJECT = new Datatype("OBJECT", Datatype.Base.OBJECT, 1);
    public static final Datatype SHORT2 = new Datatype("SHORT2", Datatype.Base.SHORT, 2);
    public static final Datatype INT2 = new Datatype("INT2", Datatype.Base.INT, 2);
    public static final Datatype LONG2 = new Datatype("LONG2", Datatype.Base.LONG, 2);
    public static final Datatype FLOAT2 = new Datatype("FLOAT2", Datatype.Base.FLOAT, 2);
    public static final Datatype DOUBLE2 = new Datatype("DOUBLE2", Datatype.Base.DOUBLE, 2);

    // Collectives layer: reduction operations, group and communicator comparison (owned by shim-coll).
    public static final Op SUM = new Op(bamboo.shim.coll.PredefinedOp.SUM);
    public static final Op PROD = new Op(bamboo.shim.coll.PredefinedOp.PROD);
    public static final Op MAX = new Op(bamboo.shim.coll.PredefinedOp.MAX);
    public static final Op MIN = new Op(bamboo.shim.coll.PredefinedOp.MIN);
    public static final Op LAND = new Op(bamboo.shim.coll.PredefinedOp.LAND);
    public static final Op LOR = new Op(bamboo.shim.coll.PredefinedOp.LOR);
    public static final Op LXOR = new Op(bamboo.shim.coll.PredefinedOp.LXOR);
    public static final Op BAND = new Op(bamboo.shim.coll.PredefinedOp.BAND);
    public static final Op BOR = new Op(bamboo.shim.coll.PredefinedOp.BOR);
    public static final Op BXOR = new Op(bamboo.shim.coll.PredefinedOp.BXOR);
    public static final Op MAXLOC = new Op(bamboo.shim.coll.PredefinedOp.MAXLOC);
    public static final Op MINLOC = new Op(bamboo.shim.coll.PredefinedOp.MINLOC);
    /** Results of {@code Comm.Compare} and {@code Group.Compare}, with MPJ Express's values. */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 3;
    public static final int SIMILAR = 1;
    public static final int UNEQUAL = 2;
    /** A rank that is not in a group, or a Split colour for processes that join no new communicator. */
    public static final int UNDEFINED = -32766;
    /** The group with no members. */
    public static final Group GROUP_EMPTY = new Group(new int[0], -1);

    protected MPI() {
    }
}

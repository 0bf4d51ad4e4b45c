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

    protected MPI() {
    }
}

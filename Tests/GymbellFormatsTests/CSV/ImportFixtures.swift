/// Hand-written exports in each app's format, as the apps write them. What they rest on (public
/// material found with the search tools, checked against each other; no file of a real person):
/// - Strong, older export (`;`, Weight Unit, "Workout Duration" last): the header and rows quoted in the
///   README of github.com/mtanzim/vis-strong-go (`2019-01-11 12:31:54;"Leg";"Deadlift (Barbell)";1;20;kg;5;;;;0;"";""`)
///   and the row type in github.com/mwcaisse/strong-data-viz src/models/StrongExportRow.ts (weightUnit,
///   distanceUnit, workoutDuration).
/// - Strong, current export (`,`, Duration third, RPE last, no unit column): the columns and the date
///   format `yyyy-MM-dd h:mm:ss a` with a narrow no-break space (U+202F) before AM/PM in a workout
///   converter's StrongAdapter (fast-csv and @std/csv versions; Duration read with parse-duration, so
///   "1h 5m"); openbody-docs.pages.dev/mapping/strong/ (",' or ';' delimited", a Duration of 3600);
///   the openweight CLI's `--weight-unit kg` for Strong, which has no unit column. W/D/F in Set Order
///   as the brief gives them.
/// - Hevy: the header and a row (`"26 Jul 2025, 07:06"`, set_index from 0, set_type "warmup",
///   weight_lbs, distance_miles) in the README of github.com/multiplex55/Multi_Hevy_Workout_Dashboard;
///   the weight_kg/distance_km variant in github.com/adrianbb05/training_charts src/utils/entities/WorkoutData.ts;
///   set types normal/warmup/dropset/failure as several Hevy parsers list them.
enum ImportFixtures {
    /// Berlin, across the spring-forward night (2024-03-31): kg and lbs, a comma-decimal weight, a
    /// broken date, a cardio row without reps, an empty line.
    static let strongSemicolon = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration
        2024-03-30 18:07:42;"Push";"Bench Press (Barbell)";1;80;kg;8;;;;0;"";"";1h 5m
        2024-03-30 18:07:42;"Push";"Bench Press (Barbell)";2;82,5;kg;6;8;;;0;"felt ""heavy""; slow";"";1h 5m
        2024-03-30 18:07:42;"Push";"Running";1;0;kg;0;;5;km;1500;"";"";1h 5m

        2024-03-31 09:30:00;"Pull; heavy";"Deadlift (Barbell)";1;225;lbs;5;;;;0;"";"";45m
        2024-13-01 09:30:00;"Pull";"Deadlift (Barbell)";1;225;lbs;5;;;;0;"";"";45m

        """

    /// New York, the fall-back morning (2023-11-05, 1:30 happens twice), 12-hour times with U+202F and
    /// with a plain space, W/D/F set orders, a name with a comma, quotes and an emoji, CRLF line ends.
    static let strongComma = [
        "\u{FEFF}Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
        "2023-11-05 1:30:00\u{202F}AM,Night 🌙,1h,\"Curl, \"\"21s\"\" 💪\",W,10,12,0,0,,,",
        "2023-11-05 1:30:00\u{202F}AM,Night 🌙,1h,\"Curl, \"\"21s\"\" 💪\",1,25,10,0,0,,,",
        "2023-11-05 1:30:00\u{202F}AM,Night 🌙,1h,\"Curl, \"\"21s\"\" 💪\",D,15,12,0,0,,,",
        "2023-11-05 1:30:00\u{202F}AM,Night 🌙,1h,\"Curl, \"\"21s\"\" 💪\",F,25,4,0,0,,,",
        "2023-11-06 6:05:00 pm,Legs,3600,Squat (Barbell),1,100,5,0,0,\"deep\nand slow\",,8",
        "2023-11-06 6:05:00 pm,Legs,3600,Squat (Barbell),2,100,5,0,0,,,",
        "2023-11-06 6:05:00 pm,Legs,3600,Squat (Barbell),Rest Timer,0,0,0,90,,,",
        "",
    ].joined(separator: "\r\n")

    /// Kolkata (no DST), a pounds account: warm-up, drop set, failure, a body-weight set, an unknown set
    /// type, a row without a title.
    static let hevyPounds = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_lbs","reps","distance_miles","duration_seconds","rpe"
        "Upper A","12 Nov 2023, 18:04","12 Nov 2023, 19:10","","Bench Press (Barbell)",,"",0,"warmup",95,10,,,
        "Upper A","12 Nov 2023, 18:04","12 Nov 2023, 19:10","","Bench Press (Barbell)",,"",1,"normal",185,8,,,8
        "Upper A","12 Nov 2023, 18:04","12 Nov 2023, 19:10","","Bench Press (Barbell)",,"",2,"dropset",135,12,,,
        "Upper A","12 Nov 2023, 18:04","12 Nov 2023, 19:10","","Pull Up",,"",0,"failure",,7,,,
        "Upper A","12 Nov 2023, 18:04","12 Nov 2023, 19:10","","Pull Up",,"",1,"superset",,7,,,
        "","14 Nov 2023, 07:00","14 Nov 2023, 07:40","","Row (Cable)",0,"",0,"normal",120,10,,,

        """

    /// Hevy in kilograms: the header variant with weight_kg and distance_km.
    static let hevyKilograms = """
        title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe
        Legs,"1 Jan 2024, 10:00","1 Jan 2024, 11:00",,Squat (Barbell),,,0,normal,102.5,5,,,
        Legs,"1 Jan 2024, 10:00","1 Jan 2024, 11:00",,Squat (Barbell),,,1,normal,102.5,5,,,

        """
}

// Desktop module
